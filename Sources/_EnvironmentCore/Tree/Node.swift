import DependencyValues

/// One environment's place in a tree: its own values and aliases, a link to its parent, and
/// caches that make repeated reads cost one uncontended lock and a hash-slot lookup.
///
/// Ownership: a node holds its parent node strongly and nothing else; environments hold their
/// node and their derived children. So there is no cycle, and a child kept alive after its root
/// environment was released keeps reading what it inherited.
///
/// Invalidation: every write bumps the tree's generation, an atomic counter. Caches record the
/// generation they were filled at and are compared against the current one on read, so a write
/// costs O(1) and the next reads re-resolve lazily, each walking up only to the nearest ancestor
/// whose resolved value is still current.
///
/// `@unchecked Sendable`: all state is behind the node's lock.
@usableFromInline
package struct Node: @unchecked Sendable {
  @usableFromInline let storage: LockedValue<NodeState>

  /// A root node, with a tree of its own.
  package static func makeRoot(environmentType: Any.Type) -> Node {
    Node(storage: .make(NodeState(parent: nil, tree: Tree(), environmentType: environmentType)))
  }

  /// A node that inherits from `parent`, in `parent`'s tree.
  package static func makeChild(of parent: Node, environmentType: Any.Type) -> Node {
    let tree = parent.currentTree().tree
    return Node(
      storage: .make(NodeState(parent: parent, tree: tree, environmentType: environmentType)))
  }

  /// Runs `body` with exclusive access to the node's state. `body` must not take other locks.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: (inout NodeState) -> Result) -> Result {
    storage.withLock(body)
  }

  /// Whether `self` and `other` are the same node.
  package func isIdentical(to other: Node) -> Bool {
    storage === other.storage
  }

  /// The node's tree, after moving the node to the tree its old one was merged into (if any),
  /// and that tree's generation.
  func currentTree() -> (tree: Tree, generation: UInt64) {
    while true {
      let tree = withLock { $0.tree }
      let generation = tree.generation
      if Tree.isCacheable(generation) { return (tree, generation) }
      let current = tree.current
      withLock { state in
        if state.tree === tree {
          state.tree = current
          state.clearCaches()
        }
      }
    }
  }

  // MARK: Reading

  /// The value of `keyPath` as seen from this node.
  ///
  /// The fast path: one lock, one atomic load, one hash-slot lookup, whatever the depth. Inlined
  /// into the caller's module, so that it is specialized for `Value`.
  @inlinable @inline(__always)
  package func read<Value>(_ keyPath: KeyPath<Dependencies, Value>) -> Value {
    if let value = cachedValue(for: ObjectIdentifier(keyPath), as: Value.self) { return value }
    return readUncached(keyPath)
  }

  /// The value cached for the key path identified by `id`, if it is current.
  ///
  /// Takes the key path's identity rather than the key path, so that a caller holding the key
  /// path in a struct need not copy (retain) it on the fast path.
  @inlinable @inline(__always)
  package func cachedValue<Value>(for id: ObjectIdentifier, as type: Value.Type) -> Value? {
    withLock { state in
      state.readCache.value(for: id, generation: state.generation, as: type)
    }
  }

  /// Resolves `keyPath` and caches the result under the identity of `cacheKey` (by default,
  /// `keyPath` itself). `cacheKey` must always stand for the same `Dependencies` key path.
  @usableFromInline @inline(never)
  package func readUncached<Value>(
    _ keyPath: KeyPath<Dependencies, Value>,
    cachingAs cacheKey: AnyKeyPath? = nil
  ) -> Value {
    let (tree, generation) = currentTree()
    let access = NodeAccess(node: self, snapshot: (tree, generation))
    let value = Dependencies(storage: access)[keyPath: keyPath]
    withLock { state in
      if state.tree === tree {
        state.readCache.store(Box(value), for: cacheKey ?? keyPath, generation: generation)
      }
    }
    return value
  }

  // MARK: Writing

  /// Sets `keyPath` to `value` on this node, for the node and its descendants.
  package func write<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>, _ value: Value) {
    var dependencies = dependencies()
    dependencies[keyPath: keyPath] = value
  }

  /// Sets the value of `key` on this node. Called back by `Dependencies`' subscript setter.
  func setLocal<Key: DependencyKey>(_ value: Key.Value, for key: Key.Type) {
    let tree = withLock { state in
      state.writeCount += 1
      state.locals[ObjectIdentifier(key)] = LocalValue(
        key: KeyInfo(key), value: Box(value), order: state.writeCount)
      return state.tree
    }
    // After the value is in place: a reader that sees the new generation sees the new value.
    tree.current.invalidateValues()
  }

  // MARK: Aliasing

  /// Makes the keys behind `dependency` and `reference` one dependency for this node and its
  /// descendants; with nothing set, the group reads `reference`'s default (or, for a chain, the
  /// default of the key at its end).
  package func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>
  ) {
    let probe = KeyProbe(node: self)
    let (referenceKey, sample) = probe.key(readBy: reference)
    let dependencyKey = probe.key(writtenBy: dependency, value: sample)
    let nodeTree = withLock { state in
      state.aliasEdges.append(
        AliasEdge(
          dependency: dependencyKey, reference: referenceKey, declaredIn: state.environmentName)
      )
      return state.tree
    }
    let current = nodeTree.current
    current.invalidateAliases()
    // Build the scope now, so that a cycle or a conflict is reported at the `aliasing` call.
    _ = aliasScope(in: current)
  }

  /// Removes every value set on this node: reads fall back to ancestors and defaults.
  package func removeAllValues() {
    let tree = withLock { state in
      state.locals.removeAll()
      return state.tree
    }
    tree.current.invalidateValues()
  }

  /// Removes every alias declared on this node.
  package func removeAllAliases() {
    let tree = withLock { state in
      state.aliasEdges.removeAll()
      return state.tree
    }
    tree.current.invalidateAliases()
  }

  /// Forgets the defaults computed for this node's tree: the next reads compute them again.
  package func resetDefaults() {
    currentTree().tree.resetDefaults()
  }

  // MARK: Structure

  /// Makes this node (the root of a tree of its own) a child of `parent`.
  ///
  /// The node's caches are dropped and its old tree is forwarded to the parent's, so that it and
  /// any descendants it already has inherit from `parent` from their next read on.
  package func attach(to parent: Node) {
    var ancestor: Node? = parent
    while let node = ancestor {
      if node.isIdentical(to: self) {
        let name = withLock { $0.environmentName }
        reportMisuse(
          """
          cannot derive \(name) from one of its own descendants: environments form a tree. \
          Create a new \(name) instance for the child instead of reusing an ancestor.
          """
        )
      }
      ancestor = node.withLock { $0.parent }
    }
    let parentTree = parent.currentTree().tree
    let outcome = withLock { state -> AttachOutcome in
      if let existing = state.parent { return .alreadyDerived(from: existing) }
      let old = state.tree
      state.parent = parent
      state.tree = parentTree
      state.clearCaches()
      return .attached(leaving: old)
    }
    switch outcome {
    case .alreadyDerived(let existing):
      let child = environmentName
      reportMisuse(
        """
        this \(child) is already derived from a \(existing.environmentName); it cannot also be \
        derived from a \(parent.environmentName). An environment instance has one parent: create \
        a new \(child) for each parent (for example `@DerivedEnvironment var child = \(child)()`).
        """
      )
    case .attached(let oldTree):
      let oldTree = oldTree.current
      guard oldTree !== parentTree else { return }
      let hadAliases = oldTree.aliasGeneration != 0
      oldTree.forward(to: parentTree)
      if hadAliases { parentTree.invalidateAliases() }
    }
  }

  /// The name of the environment type that owns this node.
  package var environmentName: String { withLock { $0.environmentName } }
}

private enum AttachOutcome {
  case attached(leaving: Tree)
  case alreadyDerived(from: Node)
}
