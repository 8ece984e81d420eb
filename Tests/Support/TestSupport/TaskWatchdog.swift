import Foundation

/// How `task` ends, if it does within `seconds` of real time: the watchdog of tests that await
/// tasks, since awaiting a task that a regression leaves suspended would hang the run (a time
/// limit cannot interrupt that wait). `hangDeadline` by default: under ThreadSanitizer, beside
/// the suite's storms, a task may wait a minute for a thread of the cooperative pool.
///
/// ```swift
/// #expect(await outcome(of: sleeper) != nil)
/// ```
public func outcome(
  of task: Task<Void, any Error>, within seconds: Double = hangDeadline
) async -> Result<Void, any Error>? {
  let decided = Decided()
  return await withCheckedContinuation { continuation in
    Task.detached {
      let result = await task.result
      if decided.claim() { continuation.resume(returning: result) }
    }
    Task.detached {
      try? await Task.sleep(for: .seconds(seconds))
      if decided.claim() { continuation.resume(returning: nil) }
    }
  }
}

/// Whether `task` had finished: cancels it first, so that a task left asleep by a regression ends
/// (with `CancellationError`) instead of hanging the test.
///
/// ```swift
/// #expect(await ended(sleeper))
/// ```
public func ended(_ task: Task<Void, any Error>) async -> Bool {
  task.cancel()
  guard case .success = await outcome(of: task) else { return false }
  return true
}

/// Whether `task` ends with `CancellationError` (within the watchdog's time).
///
/// ```swift
/// sleeper.cancel()
/// #expect(await endsCancelled(sleeper))
/// ```
public func endsCancelled(_ task: Task<Void, any Error>) async -> Bool {
  guard case .failure(let error) = await outcome(of: task) else { return false }
  return error is CancellationError
}

/// Which of two racers finished first: the first to claim wins.
private final class Decided: Sendable {
  private let claimed = Shared(false)

  func claim() -> Bool {
    var first = false
    claimed.update {
      first = !$0
      $0 = true
    }
    return first
  }
}
