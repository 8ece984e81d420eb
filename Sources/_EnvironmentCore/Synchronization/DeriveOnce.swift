/// Serializes the creation of derived environments, so that each child is created exactly once
/// even when several threads first ask for it at the same time. Recursive: a child's initializer
/// may derive children of its own. Held only while a child is being created.
private let derivationLock = RecursiveLock()

/// The child that `cached` returns; if there is none yet, the one `create` makes, exactly once:
/// callers that race wait, then find it through `cached`. `create` must make the child visible
/// to `cached` before it returns.
package func deriveOnce<Child>(cached: () -> Child?, create: () -> Child) -> Child {
  if let child = cached() { return child }
  return derivationLock.withLock { cached() ?? create() }
}
