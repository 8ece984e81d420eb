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
  /// written into the copy; for a copy of this node's own values (`detachedValues()`, what an
  /// update closure is given), `nil`, after setting what was written into it on this node.
  package func replacement(for values: Dependencies, environmentType: Any.Type) -> Node? {
    let (written, replacement): (WrittenValues, Node?)
    // Detached values first: what every update closure leaves (a failed cast of an existential
    // costs about as much as a successful one).
    switch values.underlyingStorage {
    case let detached as DetachedAccess:
      written = detached.written
      // This node's own values, as an update closure got them (a value: `let saved = $0` and
      // `$0 = saved` restore), with what it wrote: set here, in the order written.
      replacement =
        detached.node.isIdentical(to: self)
        ? nil
        : Node.makeChild(
          of: detached.node, environmentType: environmentType, testContext: testContext)
    case let standalone as StandaloneStorage:
      written = standalone.written
      replacement = Node.makeRoot(environmentType: environmentType, testContext: testContext)
    default:
      return nil
    }
    var target = (replacement ?? self).dependencies()
    written.replay(into: &target)
    return replacement
  }
}
