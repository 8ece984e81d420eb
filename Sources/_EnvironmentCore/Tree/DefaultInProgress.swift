#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The node whose read is computing a default on this thread, for the default's getter: a
/// GlobalEnv `@Dependency` declared in a key's `testValue` keeps the values of the model whose
/// read computed it, as swift-dependencies' does (see `GlobalDependencies.capturedScope`).
///
/// ```swift
/// DefaultInProgress.computing(readAt: node) { key.makeDefault(in: context, readAt: node) }
/// ```
///
/// A thread-specific address, not a task-local value: a task-local value allocates at each
/// binding, and a default is computed at the first read of each key, where the benchmarks'
/// budgets count allocations. A getter runs synchronously on the thread that computes it.
package enum DefaultInProgress {
  /// The thread-specific slot: the reading node's storage, unretained (the computing read holds
  /// the node), or nil.
  private static let slot: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  /// Runs `compute` with `node` as the node whose read computes a default on this thread, then
  /// restores the one before (a default that reads another key computes that key's default
  /// within its own).
  static func computing<Result>(readAt node: Node, _ compute: () -> Result) -> Result {
    let previous = pthread_getspecific(slot)
    pthread_setspecific(slot, Unretained(node.storage, keptAliveBy: .holder).opaque)
    defer { pthread_setspecific(slot, previous) }
    return compute()
  }

  /// The node whose read computes the default being computed on this thread, if any.
  package static var readingNode: Node? {
    guard let address = pthread_getspecific(slot) else { return nil }
    return Node(storage: Unretained<NodeStorage>(opaque: address, keptAliveBy: .holder).object)
  }
}
