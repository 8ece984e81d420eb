/// Overlays: a node that reads as another, except for the values set on a list of nodes, which
/// win. GlobalEnv reads a `@Dependency` made in one `withValues` scope, and read in another, at
/// such a node (the values of the scope where it is read win, as swift-dependencies does).
extension Node {
  /// A new child of this node, in this node's test context, holding the values set on each of
  /// `overlays` (in order: a later node's value for a key wins). Values only: aliases declared
  /// on `overlays` are not carried over.
  ///
  /// ```swift
  /// let merged = captured.overlaid(withValuesOf: [outerScope, innerScope], as: Overlay.self)
  /// ```
  package func overlaid(withValuesOf overlays: [Node], as environmentType: Any.Type) -> Node {
    let child = Node.makeChild(of: self, environmentType: environmentType, testContext: testContext)
    for overlay in overlays {
      let values = overlay.withLock { $0.locals.all }
      let replaced = child.withLock { state in
        values.compactMap { value -> LocalValue? in
          state.writeCount += 1
          return state.locals.update(
            LocalValue(key: value.key, value: value.value, order: state.writeCount))
        }
      }
      // Released here, after the lock: values only this list still holds may run `deinit`s.
      withExtendedLifetime(replaced) {}
    }
    return child
  }

  /// How many times a value was set on this node itself: 0 while it sets none; it changes with
  /// every write, so an overlay made from this node's values knows when it is out of date.
  ///
  /// ```swift
  /// let setsNothing = scopeNode.writeCount == 0
  /// ```
  package var writeCount: UInt64 { withLock { $0.writeCount } }
}
