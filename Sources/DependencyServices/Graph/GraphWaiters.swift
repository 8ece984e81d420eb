import DependencyValues
import _EnvironmentCore

/// Who a `GraphState` step hands back to be resumed: a caller waiting for a service's start, for
/// start-up to end, or for no start to run. In the graph they are continuations; the graph's
/// state knows them only by these protocols, so that a test can drive its steps in every order
/// with waiters that record what they are given (`ServiceGraphInterleavingTests`).
protocol StartWaiter: Sendable {
  func deliver(_ result: Result<StartedValue, any Error>)
}

/// Start-up, waiting until no start runs or a requested one failed.
protocol StartUpWaiter: Sendable {
  func deliver(_ result: Result<Void, any Error>)
}

/// A failed start-up, waiting until no start runs.
protocol IdleWaiter: Sendable {
  func wake()
}

extension CheckedContinuation: StartWaiter where T == StartedValue, E == any Error {
  func deliver(_ result: Result<StartedValue, any Error>) { resume(with: result) }
}

extension CheckedContinuation: StartUpWaiter where T == Void, E == any Error {
  func deliver(_ result: Result<Void, any Error>) { resume(with: result) }
}

extension CheckedContinuation: IdleWaiter where T == Void, E == Never {
  func wake() { resume() }
}
