/// The node whose read is computing a default on this thread, for the default's getter: a
/// GlobalEnv `@Dependency` declared in a key's `testValue` keeps the values of the model whose
/// read computed it, as swift-dependencies' does (see `GlobalDependencies.capturedScope`).
///
/// ```swift
/// DefaultInProgress.computing(readAt: node, on: context) { key.makeDefault(in: c, readAt: node) }
/// ```
///
/// Kept in the thread's context (`ThreadContext.defaultReadingNode`), not a task-local value (a
/// binding allocates, and defaults are computed at first reads, where the budgets count
/// allocations): a getter runs synchronously on the thread that computes it.
package enum DefaultInProgress {
  /// Runs `compute` with `node` as the node whose read computes a default on `context`'s thread
  /// (the calling thread's), then restores the one before (a default that reads another key
  /// computes that key's default within its own).
  static func computing<Result>(
    readAt node: Node, on context: ThreadContext, _ compute: () -> Result
  ) -> Result {
    let previous = context.defaultReadingNode
    context.defaultReadingNode = Unretained(node.storage, keptAliveBy: .holder)
    defer { context.defaultReadingNode = previous }
    return compute()
  }

  /// The node whose read computes the default being computed on this thread, if any.
  package static var readingNode: Node? {
    guard let reading = ThreadContext.withExisting({ $0.defaultReadingNode }) ?? nil else {
      return nil
    }
    return Node(storage: reading.object)
  }
}
