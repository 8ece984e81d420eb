import DependencyValues

extension Node {
  /// The node to read instead of this one when code that sets this node's values assigned a set of
  /// values of its own in their place (`withDependencies { $0 = DependencyValues() }`, `$0 = .test`,
  /// `$0 = saved` for a copy of `DependencyValues._current`), as swift-dependencies reads them;
  /// `nil` when `values` are still this node's.
  ///
  /// ```swift
  /// var values = node.dependencies()
  /// values = Dependencies.test
  /// let read = node.replacement(for: values, environmentType: ScopedOverride.self) ?? node
  /// ```
  ///
  /// For a `Dependencies()` (`.live`, `.preview`, `.test`): the root of a tree of its own, in this
  /// node's test context, holding the values written into it. Nothing set around this node is
  /// read there, and every default is computed anew (swift-dependencies' new values have a cache
  /// of their own). For a copy of a node's values: a child of that node holding the values
  /// written into the copy.
  package func replacement(for values: Dependencies, environmentType: Any.Type) -> Node? {
    switch values.underlyingStorage {
    case let standalone as StandaloneStorage:
      let root = Node.makeRoot(environmentType: environmentType, testContext: testContext)
      var rootValues = root.dependencies()
      standalone.written.replay(into: &rootValues)
      return root
    case let detached as DetachedAccess:
      let child = Node.makeChild(
        of: detached.node, environmentType: environmentType, testContext: testContext)
      var childValues = child.dependencies()
      detached.written.replay(into: &childValues)
      return child
    default:
      return nil
    }
  }
}
