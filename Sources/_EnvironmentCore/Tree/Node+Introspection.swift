import DependencyValues

/// What diagnostics need from a node: where a value comes from, and what the node holds.
extension Node {
  /// Where the value of `key` at this node comes from.
  struct Origin {
    /// The value, rendered.
    let value: String
    /// The key whose value (or default) it is: `key` itself, or another key of its alias group.
    let valueKey: KeyInfo
    /// The node that set it, or `nil` for a default.
    let node: Node?
  }

  /// Where the value of `key` at this node comes from, by the resolution rules.
  func origin(of key: KeyInfo) -> Origin {
    let (tree, _) = currentTree()
    let group = aliasGroup(of: key, in: tree)
    if let (node, local) = nearest({ $0.latestLocal(for: key, in: group) }) {
      return Origin(value: local.key.render(local.value), valueKey: local.key, node: node)
    }
    let reference = group?.reference ?? key
    let value = tree.defaultValue(of: reference, readAt: self, in: contextForDefaults())
    return Origin(value: reference.render(value), valueKey: reference, node: nil)
  }

  /// The keys set on this node itself, with their boxed values (retained, so that a value replaced
  /// later cannot lend its identity to a new one while the snapshot exists).
  ///
  /// ```swift
  /// let before = root.localValues()
  /// ```
  package func localValues() -> [(key: KeyInfo, box: AnyObject)] {
    withLock { $0.locals.all.map { (key: $0.key, box: $0.value) } }
  }

  /// The node this one inherits from; `nil` for a root.
  package var parent: Node? { withLock { $0.parent } }

  /// The nodes from the root down to this one.
  package var lineage: [Node] { sequence(first: self, next: \.parent).reversed() }

  /// Whether `ancestor` is this node's parent, or its parent's, and so on.
  func isDescendant(of ancestor: Node) -> Bool {
    sequence(first: self, next: \.parent).dropFirst().contains { $0.isIdentical(to: ancestor) }
  }

  /// The names of the environments from the root down to this node.
  package var path: [String] { lineage.map(\.environmentName) }

  /// The values set on this node (`key`, rendered value), oldest first. Values are rendered
  /// after the lock: a `debugDescription` is user code, which may read dependencies.
  var values: [(key: String, value: String)] {
    let locals = withLock { state in state.locals.all.sorted { $0.order < $1.order } }
    return locals.map { ($0.key.name, $0.key.render($0.value)) }
  }

  /// The aliases declared on this node (`dependency`, `reference`), in declaration order.
  /// Pending aliases are identified first, to be named.
  var aliases: [(dependency: String, reference: String)] {
    identifyPendingAliases(ofType: nil, in: currentTree().tree)
    return withLock { state in
      state.aliases.compactMap(\.edge).map { ($0.dependency.name, $0.reference.name) }
    }
  }
}

extension Node {
  /// Whether a value is set for `key` (or a key aliased to it) on this node or an ancestor:
  /// without computing a default, as `origin(of:)` would.
  package func hasValueSet(for key: KeyInfo) -> Bool {
    let group = aliasGroup(of: key, in: currentTree().tree)
    return nearest { $0.latestLocal(for: key, in: group) } != nil
  }

  /// The first value `find` gives on the way from this node to the root (it looks at each node's
  /// state under the node's lock, one node at a time), and the node it found it on.
  func nearest<Found>(_ find: (borrowing NodeState) -> Found?) -> (node: Node, found: Found)? {
    var current: Node? = self
    while let node = current {
      let (found, parent) = node.withLock { (find($0), $0.parent) }
      if let found { return (node, found) }
      current = parent
    }
    return nil
  }
}
