/// Lets other tasks run until they have done what they can without time passing (reached their
/// next sleep, or finished): what a test clock does before and after each step, so that a test's
/// `advance(by:)` sees the sleeps its tasks were about to start.
///
/// ```swift
/// await Settling.settle()
/// ```
enum Settling {
  /// How many times a settle hands the executor to other tasks.
  static let rounds = 20

  static func settle() async {
    for _ in 0..<rounds { await yieldOnce() }
  }

  /// Goes behind the work already queued on the global executor: a round trip through a detached
  /// task at the caller's priority (a lower one starves while other tests keep the pool busy).
  static func yieldOnce() async {
    await Task.detached(priority: Task.currentPriority) { await Task.yield() }.value
  }
}
