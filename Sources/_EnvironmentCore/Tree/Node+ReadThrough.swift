/// Reads of a node that sets nothing, made at the nearest ancestor that sets something: what a
/// scope made per request, model or test (GlobalEnv's `withDependencies`) reads until something
/// is set on it.
///
/// Such a node (made with `readsThroughWhileEmpty`) has no value and no alias of its own
/// and reads defaults in its parent's test context, so every read there gives what the same read
/// gives at its parent. So it is read there, and cached there: a scope made for a few reads
/// finds the values read by the scopes before it, instead of resolving and caching them in a
/// table of its own. A write to the node ends this (its write count is no longer 0): its reads
/// are then its own, cached as any node's; a read racing with that write is ordered before it.
/// At most `readThroughDepth` such nodes are passed: nested empty scopes are rare, and a read
/// through more is read at the last one passed.
///
/// ```swift
/// let scope = Node.makeChild(
///   of: root, environmentType: Scope.self, testContext: root.testContext,
///   readsThroughWhileEmpty: true)
/// scope.read(\.apiClient)  // read, and cached, at root
/// ```
extension Node {
  /// The most empty nodes a read passes.
  static let readThroughDepth = 4

  /// The ancestor a read of this node is made at: the nearest one that does not read through (or
  /// the last of `readThroughDepth` passed); `nil` when the read is this node's own. Each node
  /// passed is locked in turn, one at a time.
  @usableFromInline
  var readingNode: Node? {
    var reading: Node?
    for _ in 0..<Self.readThroughDepth {
      guard let parent = (reading ?? self).parentWhileEmpty() else { break }
      reading = parent
    }
    return reading
  }

  /// The parent, while this node reads through to it. A node made without
  /// `readsThroughWhileEmpty` answers without its lock.
  private func parentWhileEmpty() -> Node? {
    guard storage.readsThroughWhileEmpty else { return nil }
    return storage.withLock { state, _ in
      guard state.writeCount == 0, state.aliases.isEmpty,
        let parent = state.parent, parent.testContext === state.testContext
      else { return nil }
      return parent
    }
  }
}
