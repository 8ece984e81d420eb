/// The node whose read is computing a default on this thread, for the default's getter: a
/// GlobalEnv `@Dependency` declared in a key's `testValue` keeps the values of the model whose
/// read computed it, as swift-dependencies' does (see `GlobalDependencies.capturedScope`).
///
/// ```swift
/// let captured = DefaultInProgress.readingNode  // in a default's getter: the node that reads it
/// ```
///
/// Kept in the thread's context (`ThreadContext.defaultReadingNode`, set by
/// `Tree.defaultValue(of:readAt:in:)`), not a task-local value (a binding allocates, and defaults
/// are computed at first reads, where the budgets count allocations): a getter runs
/// synchronously on the thread that computes it.
package enum DefaultInProgress {
  /// The node whose read computes the default being computed on this thread, if any.
  package static var readingNode: Node? {
    (ThreadContext.withExisting { $0.defaultReadingNode } ?? nil).map { Node(storage: $0.object) }
  }
}
