/// What a node holds, looked at from outside: for GlobalEnv's `Dependencies.prepare`, which tells
/// the keys it set from those already read.
extension Node {
  /// The keys set on this node itself, with their boxed values (retained, so that a value replaced
  /// later cannot lend its identity to a new one while the snapshot exists).
  ///
  /// ```swift
  /// let before = root.localValues()
  /// ```
  package func localValues() -> [(key: KeyInfo, box: AnyObject)] {
    withLock { $0.locals.all.map { (key: $0.key, box: $0.value) } }
  }

  /// The keys whose default this node's tree computed for this node's test context.
  ///
  /// ```swift
  /// let alreadyRead = root.keysWithComputedDefaults()
  /// ```
  package func keysWithComputedDefaults() -> Set<ObjectIdentifier> {
    currentTree().tree.keysWithComputedDefaults(in: testContext)
  }
}
