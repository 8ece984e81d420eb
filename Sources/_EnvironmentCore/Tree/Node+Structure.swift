/// How nodes join a tree: born as a child of the environment being derived, or attached later.
extension Node {
  /// The node of a new environment of `type`: a child of the parent that this thread is deriving
  /// an environment of that type for (so that the environment's initializer already reads its
  /// parent's values), otherwise a root.
  package static func make(for type: Any.Type) -> Node {
    let parent = ThreadContext.withCurrent { context -> Unretained<NodeStorage>? in
      guard !context.derivations.isEmpty, let index = context.derivations.indices.last,
        !context.derivations[index].isClaimed,
        context.derivations[index].accepts(type)
      else { return nil }
      context.derivations[index].isClaimed = true
      return context.derivations[index].parent
    }
    guard let parent else { return makeRoot(environmentType: type) }
    // The parent is held by `deriving` (further up this thread's stack) until this returns.
    return makeChild(
      ofUnretained: parent, environmentType: type, testContext: parent.with(\.testContext))
  }

  /// Runs `make` with this node as the parent of the first environment of class `type` (or a
  /// subclass) that it creates on this thread (see `make(for:)`).
  package func deriving<Child>(_ type: AnyClass, in context: ThreadContext, _ make: () -> Child)
    -> Child
  {
    context.derivations.append(
      PendingDerivation(parent: Unretained(storage, keptAliveBy: .holder), type: type))
    defer { context.derivations.removeLast() }
    // `self` is borrowed for the whole call: the parent outlives the derivation.
    return make()
  }

  /// Whether `parent` is this node's parent.
  package func isChild(of parent: Node) -> Bool {
    withLock { $0.parent }?.isIdentical(to: parent) ?? false
  }

  /// Makes this node (the root of a tree of its own) a child of `parent`: for an environment
  /// that was created before it was derived (`@DerivedEnvironment var child = prebuilt`).
  ///
  /// The node's table is dropped and its old tree is forwarded to the parent's, so that it and
  /// any descendants it already has inherit from `parent` from their next read on. O(1).
  package func attach(to parent: Node) {
    let parentTree = parent.currentTree().tree
    // Before this node can read from `parent` (see `NodeWords.flags`).
    _ = parent.storage.treeForNewChild()
    let outcome = storage.withLock { state, words -> AttachOutcome in
      if let existing = state.parent { return .alreadyDerived(from: existing) }
      // `self` is a root: it is an ancestor of `parent` exactly when they share a tree.
      if words.tree.current === parentTree { return .ownDescendant }
      let old = words.tree
      state.parent = parent
      words.setTree(parentTree)
      state.aliasScope = nil
      return .attached(leaving: old, retired: words.replaceTable(with: .empty))
    }
    switch outcome {
    case .ownDescendant:
      let name = environmentName
      reportMisuse(
        """
        cannot derive \(name) from one of its own descendants: environments form a tree. \
        Create a new \(name) instance for the child instead of reusing an ancestor.
        """)
    case .alreadyDerived(let existing):
      let child = environmentName
      reportMisuse(
        """
        this \(child) is already derived from a \(existing.environmentName); it cannot also be \
        derived from a \(parent.environmentName). An environment instance has one parent: create \
        a new \(child) for each parent (for example `@DerivedEnvironment var child = \(child)()`).
        """)
    case .attached(let oldTree, let retired):
      if let retired { Reclamation.retire(retired) }
      let oldTree = oldTree.current
      assert(oldTree !== parentTree, "a root's tree is not its new parent's")
      let hadAliases = oldTree.aliasGeneration != 0
      oldTree.forward(to: parentTree)
      if hadAliases { parentTree.invalidateAliases() }
    }
  }
}

/// A derivation in progress on a thread: the parent, which environment types it is waiting for,
/// and whether one was created.
struct PendingDerivation {
  /// The parent's node, not retained: `deriving` holds it while the derivation is pending (a
  /// parent shared by every request of a server is not retained and released per request).
  let parent: Unretained<NodeStorage>
  let type: AnyClass
  var isClaimed = false

  /// Whether an environment of `candidate` is the one being derived: `type` or a subclass.
  func accepts(_ candidate: Any.Type) -> Bool {
    guard let candidate = candidate as? AnyClass else { return false }
    return sequence(first: candidate, next: _getSuperclass).contains { $0 == type }
  }
}

private enum AttachOutcome {
  case attached(leaving: Tree, retired: ReadTable?)
  case alreadyDerived(from: Node)
  case ownDescendant
}
