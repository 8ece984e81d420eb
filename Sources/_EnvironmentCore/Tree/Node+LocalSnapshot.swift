/// What a node holds, looked at from outside.
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

}
