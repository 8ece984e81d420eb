import DependencyValues
import _EnvironmentAtomics

/// Resolution: what a key reads at a node, by the rules both environment modules share.
///
/// 1. The nearest node (this one, then its ancestors) that set any key of the key's alias group
///    gives the value; on that node, the latest write to the group wins.
/// 2. Otherwise the tree's default of the group's reference key, computed once per tree and
///    test context (in a test context, the key's test value; see `TestContext`), in the context
///    the nearest `context` set on the way switches to, if any (`TestContext.switching`).
///
/// Results are memoized per node and generation (in the node's read table, under the key type's
/// identity), so after a write the first read walks up only to the nearest ancestor that still
/// has a current result, and reads at siblings reuse it. No lock is held while a default is
/// computed (see `Tree.defaultValue(of:)`).
extension Node {
  /// The value of `key` at this node, as of `generation` of `tree`: a box, retained; or, when
  /// `leavingMemoPinned` and the value is a memo that this read publishes nowhere, the memo's box
  /// unretained, with the thread still pinned: the caller copies the value out and unpins,
  /// running no user code in between. An app's memo serves every request's first reads, on
  /// every thread: retaining and releasing it per read made the threads take its cache line from
  /// each other.
  func resolve(
    _ key: KeyInfo, in tree: Tree, at generation: UInt64, leavingMemoPinned: Bool
  ) -> Resolved {
    let group = aliasGroup(of: key, in: tree)
    let cacheable = Tree.isCacheable(generation)

    // Nodes above this one whose alias group for `key` and test context are the same as ours:
    // they share our result. (This node is one of them; it is left out so that a read that finds
    // its value here allocates nothing.) A node of another test context may hold another
    // context's default: its cache is not ours, nor is ours its.
    var sameGroupPath: [Node] = []
    var sameGroup = true
    let testContext = self.testContext
    // The node the walk is at, not retained: this node holds its ancestors (a parent, once set,
    // never changes), and an app's node shared by every request is not retained per read.
    let reading = Unretained(storage, keptAliveBy: .holder)
    var current = reading
    var result: AnyObject?
    // This node's write count when its state was looked at (see `publish`), and whether it has
    // children then.
    var ownWriteCount: UInt64?
    var ownHasChildren = false
    // The nearest `context` set on the walk: it names the defaults, and the nodes above it, which
    // may read other defaults, share no memo with ours.
    var switchedContext: DependencyContext?
    walk: while true {
      let isSelf = current.isIdentical(to: reading)
      let step = current.with { storage -> ResolutionStep in
        if sameGroup, storage.testContext !== testContext { sameGroup = false }
        if sameGroup, cacheable {
          // Published nowhere when found at this node, or above it with no node to publish to.
          if leavingMemoPinned && (isSelf || (!ownHasChildren && sameGroupPath.isEmpty)) {
            if let pinned = storage.pinnedCachedBox(for: key.id) {
              return .pinned(box: pinned.box, reader: pinned.reader)
            }
          } else if let cached = storage.cachedBox(for: key.id) {
            return .cached(.passRetained(cached))
          }
        }
        return storage.withLock { state, words -> ResolutionStep in
          if isSelf {
            ownWriteCount = state.writeCount
            ownHasChildren = words.hasChildren
          }
          if let local = state.latestLocal(for: key, in: group) { return .set(local.value) }
          return .inherit(
            from: state.parent.map { Unretained($0.storage, keptAliveBy: .holder) },
            declaresAliases: state.declaresAliases, setContext: state.setContext)
        }
      }
      switch step {
      case .pinned(let box, let reader):
        return .pinnedMemo(box, reader: reader)
      case .cached(let cached):
        result = cached.takeRetainedValue()
        break walk
      case .set(let value):
        if sameGroup, !isSelf { sameGroupPath.append(Node(storage: current.object)) }
        result = value
        break walk
      case .inherit(let parent, let declaresAliases, let setContext):
        if sameGroup, !isSelf { sameGroupPath.append(Node(storage: current.object)) }
        // Above a node that declares aliases, groups may be smaller than ours.
        if declaresAliases { sameGroup = false }
        if switchedContext == nil, let setContext {
          switchedContext = setContext
          sameGroup = false
        }
        guard let parent else { break walk }
        current = parent
      }
    }

    let value =
      result
      ?? tree.defaultValue(
        of: group?.reference ?? key, readAt: self,
        in: TestContext.switching(testContext, to: switchedContext))
    // A value found on the reading node itself (set there, or the default at a root) is found
    // again just as fast: memoize only what took a walk. Under the key's identity, a memo serves
    // the walks of descendants: a node without children (a leaf, such as a request's
    // environment) gets none, as the read is cached under its key path (`finish`) — one entry per
    // read, so a leaf that reads two keys keeps its first table. A child attached after this
    // check walks one node further.
    if cacheable && !current.isIdentical(to: reading) {
      if ownHasChildren {
        publish(
          key.id, box: value, owner: nil, tree: tree, generation: generation,
          writeCount: ownWriteCount)
      }
      for node in sameGroupPath {
        node.publish(key.id, box: value, owner: nil, tree: tree, generation: generation)
      }
    }
    return .box(value)
  }

  /// The alias group of `key` at this node, or `nil` when `key` is in none: pending aliases of
  /// `key`'s value type on the way to the root are identified first (see `PendingAlias`). In a
  /// tree where no alias was ever declared, answered from the tree's counters alone:
  /// a read then touches no shared object's reference count (the empty scope is shared by every
  /// tree, and retaining it from every thread made requests on different threads wait for each
  /// other's cache lines).
  func aliasGroup(of key: KeyInfo, in tree: Tree) -> AliasGroup? {
    if tree.hasPendingAliases { identifyPendingAliases(ofType: key.valueTypeID, in: tree) }
    if tree.aliasGeneration == 0 { return nil }
    return aliasScope(in: tree).group(of: key)
  }

  /// Identifies the pending aliases declared on this node and its ancestors whose value type is
  /// `valueTypeID` (every one, for `nil`): with a sample when one is at hand, otherwise by reading
  /// the reference. Reads made while identifying do not identify aliases themselves.
  func identifyPendingAliases(ofType valueTypeID: ObjectIdentifier?, in tree: Tree) {
    let context = ThreadContext.current
    guard !context.isIdentifyingAliases else { return }
    context.isIdentifyingAliases = true
    defer { context.isIdentifyingAliases = false }
    var identified = 0
    var current: Node? = self
    while let node = current {
      let (pending, parent) = node.withLock { state in
        (state.aliases.compactMap(\.pending), state.parent)
      }
      for alias in pending where valueTypeID == nil || alias.valueTypeID == valueTypeID {
        // Allowing a default: a sample is still looked for first (see `KeyProbe`).
        guard let keys = alias.identify(node, true) else { continue }
        let edge = AliasEdge(
          dependency: keys.dependency, reference: keys.reference, declaredIn: alias.declaredIn,
          site: alias.site)
        let replaced = node.withLock { state -> Bool in
          guard let index = state.aliases.firstIndex(where: { $0.pending === alias }) else {
            return false
          }
          state.aliases[index] = .identified(edge, paths: alias.paths)
          return true
        }
        if replaced { identified += 1 }
      }
      current = parent
    }
    if identified > 0 { tree.current.settlePendingAliases(identified) }
  }

  /// The aliases in force at this node, built from the nearest ancestor whose scope is current.
  func aliasScope(in tree: Tree) -> AliasScope {
    let aliasGeneration = tree.aliasGeneration
    // No alias was ever declared in this tree: nothing to walk.
    if aliasGeneration == 0 { return .empty }

    var uncached: [Node] = []
    var scope = AliasScope.empty
    var node: Node? = self
    while let current = node {
      let (cached, parent) = current.storage.withLock { state, words -> (AliasScope?, Node?) in
        if words.isIn(tree), let cached = state.aliasScope,
          cached.generation == aliasGeneration
        {
          return (cached.scope, nil)
        }
        return (nil, state.parent)
      }
      if let cached {
        scope = cached
        break
      }
      uncached.append(current)
      node = parent
    }
    for current in uncached.reversed() {
      let edges = current.withLock { $0.aliases.compactMap(\.edge) }
      if !edges.isEmpty { scope = scope.adding(edges) }
      let cached = CachedAliasScope(scope: scope, generation: aliasGeneration)
      let replaced = current.storage.withLock { state, words -> CachedAliasScope? in
        guard words.isIn(tree) else { return nil }
        defer { state.aliasScope = cached }
        return state.aliasScope
      }
      withExtendedLifetime(replaced) {}
    }
    return scope
  }
}

/// What a resolution found (see `Node.resolve(_:in:at:leavingMemoPinned:)`).
enum Resolved {
  /// The value's box, retained.
  case box(AnyObject)
  /// A memo's box, unretained, in a table that `reader`, still pinned, keeps from being freed.
  case pinnedMemo(UnsafeMutableRawPointer, reader: UnsafeMutablePointer<environment_reader>)
}

private enum ResolutionStep {
  /// The node's memo at the current generation, unretained, with the thread still pinned.
  case pinned(box: UnsafeMutableRawPointer, reader: UnsafeMutablePointer<environment_reader>)
  /// The node's memo at the current generation, retained once (an ancestor's box, shared by the
  /// reads of every request, is not retained again when moved out of the step).
  case cached(Unmanaged<AnyObject>)
  /// The value set on the node.
  case set(AnyObject)
  /// Nothing here: on to the parent (not retained; see `resolve`), and the `context` set here.
  case inherit(
    from: Unretained<NodeStorage>?, declaresAliases: Bool, setContext: DependencyContext?)
}
