/// Runs an operation with a deadline, without waiting past it: how services stop.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum Deadline {
  enum Outcome: Sendable {
    case finished
    case threw(any Error)
    /// Still running at the deadline: cancelled, and left behind.
    case overran
  }

  /// Runs `operation` in a task of its own; returns when it ends or at `deadline`, whichever
  /// comes first. An operation still running then is cancelled and not awaited.
  static func run(
    _ operation: @escaping @Sendable () async throws -> Void, within deadline: Duration
  )
    async -> Outcome
  {
    let work = Task { try await operation() }
    let race = Race()
    return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
      race.start(continuation)
      let timer = Task {
        try? await Task.sleep(for: deadline)
        if race.settle(.overran) { work.cancel() }
      }
      Task {
        let outcome: Outcome
        do {
          try await work.value
          outcome = .finished
        } catch {
          outcome = .threw(error)
        }
        if race.settle(outcome) { timer.cancel() }
      }
    }
  }

  /// Whichever of the operation and the timer settles first resumes the caller.
  private final class Race: @unchecked Sendable {
    /// `@unchecked Sendable`: the continuation is only touched under the lock.
    private let continuation = LockedValue<CheckedContinuation<Outcome, Never>?>.make(nil)

    func start(_ waiter: CheckedContinuation<Outcome, Never>) {
      continuation.withLock { $0 = waiter }
    }

    /// Resumes the caller with `outcome` if nothing did yet; `true` if this call did.
    func settle(_ outcome: Outcome) -> Bool {
      guard
        let waiter = continuation.withLock({ state -> CheckedContinuation<Outcome, Never>? in
          defer { state = nil }
          return state
        })
      else { return false }
      waiter.resume(returning: outcome)
      return true
    }
  }
}
