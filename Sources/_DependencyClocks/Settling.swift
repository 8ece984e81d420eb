import _EnvironmentCore

/// Lets other tasks run until they have done what they can without time passing (reached their
/// next sleep, or finished): what a test clock does before and after each step, so that a test's
/// `advance(by:)` sees the sleeps its tasks were about to start.
///
/// ```swift
/// await Settling.settle()
/// ```
enum Settling {
  /// How many times a settle hands the global executor to other tasks, before and after the
  /// main actor has caught up. (Each is a round trip through the cooperative pool, which other
  /// work may keep busy: more rounds make every step of a busy test run slower.)
  static let rounds = 8

  /// How long a settle waits for the main actor, at most: a main actor that is blocked (a thread
  /// waiting on it synchronously) must not stop the clock for good. Real time, not a count of
  /// yields: a test beside it may hold the main actor for a quarter of a second (a failure report),
  /// longer than thousands of round trips through an idle pool.
  static let mainActorBound = Duration.seconds(10)

  /// How many settles in a row must find no sleep on its way in before a test clock concludes
  /// that a woken task which has not slept again has finished (or waits on something else).
  static let quietSettles = 2

  /// How many more settles an advance that finds no task asleep makes, at most, for a first sleep
  /// on its way (each stops as soon as one begins).
  static let firstSleeperSettles = 4

  /// Settles, and returns whether the main actor caught up (false if it was held past
  /// ``mainActorBound``).
  @discardableResult
  static func settle() async -> Bool {
    // A task started on the main actor before the test awaited the clock (a `@MainActor` test's
    // `Task { … }`) runs there first: wait until the main actor has run what was queued before
    // this job, then let what it started go on the global executor.
    let caughtUp = Latch()
    Task { @MainActor in caughtUp.open() }
    for _ in 0..<rounds { await yieldOnce() }
    let start = ContinuousClock.now
    while !caughtUp.isOpen, ContinuousClock.now - start < mainActorBound {
      await yieldOnce()
    }
    for _ in 0..<rounds { await yieldOnce() }
    return caughtUp.isOpen
  }

  /// Goes behind the work already queued on the global executor: a round trip through a detached
  /// task at the caller's priority (a lower one starves while other tests keep the pool busy).
  static func yieldOnce() async {
    await Task.detached(priority: Task.currentPriority) { await Task.yield() }.value
  }
}

/// A flag set once, from any thread.
///
/// `@unchecked Sendable`: its one state is under its lock.
private final class Latch: @unchecked Sendable {
  private let state = LockedValue<Bool>.make(false)

  func open() { state.withLock { $0 = true } }

  var isOpen: Bool { state.withLock { $0 } }
}
