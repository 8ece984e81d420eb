import DependencyValues
import _EnvironmentCore

/// Who a `GraphState` step hands back to be resumed: a caller waiting for a service's start, or
/// start-up, waiting for it to end. In the graph they are continuations; the graph's state knows
/// them only by these protocols, so that a test can drive its steps in every order with waiters
/// that record what they are given (`ServiceGraphInterleavingTests`).
protocol StartWaiter: Sendable {
  func deliver(_ result: Result<StartedValue, any Error>)
}

/// Start-up, waiting until no start runs or a requested one failed.
protocol StartUpWaiter: Sendable {
  func deliver(_ result: Result<Void, any Error>)
}

extension CheckedContinuation: StartWaiter where T == StartedValue, E == any Error {
  func deliver(_ result: Result<StartedValue, any Error>) { resume(with: result) }
}

extension CheckedContinuation: StartUpWaiter where T == Void, E == any Error {
  func deliver(_ result: Result<Void, any Error>) { resume(with: result) }
}

/// A value given once, awaited by any number of callers, before or after it is given: the first
/// `resume` gives it, a later one does nothing. What a failed start-up waits on for no start to
/// run, later callers of `stop` for the first one's result, and a stop pass for its outcome.
///
/// `@unchecked Sendable`: its state is only touched under its lock; the callers waiting are
/// resumed after it.
final class OneShot<Value: Sendable>: @unchecked Sendable {
  private let state = LockedValue<(value: Value?, waiters: [CheckedContinuation<Value, Never>])>
    .make((nil, []))

  /// Gives the value, resuming the callers waiting for it, unless it was given already.
  func resume(_ value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// The value, once given: suspends until then (not ended by cancellation).
  var value: Value {
    get async {
      await withCheckedContinuation { waiter in
        let value = state.withLock { state -> Value? in
          if state.value == nil { state.waiters.append(waiter) }
          return state.value
        }
        if let value { waiter.resume(returning: value) }
      }
    }
  }
}
