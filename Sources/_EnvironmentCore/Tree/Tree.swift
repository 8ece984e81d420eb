import _EnvironmentAtomics

/// What the nodes of one root environment's tree share: the generation counters that invalidate
/// every cache of the tree at once, and the tree's default values.
///
/// A tree is replaced (forwarded) when its root is attached under another environment after it
/// was created: the nodes that still point at it notice on their next read and move to the new
/// tree.
///
/// Lifetime rule: a tree is held by the root node that made it (`NodeState.ownedTree`), for the
/// root's whole life, also after the root is attached under another environment. Every tree a
/// node points at — its current one, the ones its tables were made for, the trees they were
/// forwarded to — was made by the node or one of its ancestors, so it lives as long as the node.
/// Nodes and read tables therefore refer to their trees without retaining them: a tree is shared
/// by every node of an app, and retaining it per node and per table made requests on different
/// threads wait for its reference count's cache line.
///
/// One allocation: the state (forwarding, defaults) in the header, the two counters and the
/// lock in the elements, at stable addresses.
///
/// Thread safety: the header is only accessed under the lock in the elements; the counters only
/// atomically. (`ManagedBuffer` cannot be `Sendable`; `Node`, which holds trees, is.)
package final class Tree: ManagedBuffer<TreeState, TreeWords> {
  /// Set in the generation of a forwarded tree. Tables are never made with this bit, so every
  /// cached read on a forwarded tree misses and moves the node to the current tree.
  static let forwardedBit: UInt64 = 1 << 63

  /// A new tree, at generation 0 with no alias.
  package static func make() -> Tree {
    let buffer = create(minimumCapacity: 1) { _ in TreeState() }
    buffer.withUnsafeMutablePointerToElements { $0.initialize(to: TreeWords()) }
    return unsafeDowncast(buffer, to: Tree.self)
  }

  deinit { _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) } }

  /// The address of one of the words (see `TreeWords`).
  private func word<Field>(_ field: KeyPath<TreeWords, Field>) -> UnsafeMutablePointer<Field> {
    withUnsafeMutablePointerToElements { words in
      (UnsafeMutableRawPointer(words) + MemoryLayout<TreeWords>.offset(of: field)!)
        .assumingMemoryBound(to: Field.self)
    }
  }

  /// The counter bumped by every write to the tree: caches record the value they were filled at.
  var generationCounter: UnsafeMutablePointer<UInt64> { word(\.generation) }

  /// Whether a default of the tree ever deferred its report to its next read outside an update:
  /// until then, neither reads nor caches look for such a report.
  var hasDeferredReports: Bool { environment_atomic_load(word(\.deferredReports)) != 0 }

  /// Runs `body` on the tree's state under its lock, ranked after node locks (`LockRank.tree`: a
  /// node's lock may be held, as when a root is attached; only leaf locks may be taken under it,
  /// checked). `body` runs no user code; whatever it removes is released by the caller after it
  /// returns.
  func withLock<Result>(_ body: (inout TreeState) -> Result) -> Result {
    let lock = word(\.lock)
    PlatformLockOperations.lock(lock, rank: .tree)
    defer { PlatformLockOperations.unlock(lock) }
    return withUnsafeMutablePointerToHeader { body(&$0.pointee) }
  }

  /// The current generation. Any write to the tree changes it.
  package var generation: UInt64 { environment_atomic_load(generationCounter) }

  /// The current alias generation. Any alias declaration changes it; 0 means no alias was ever
  /// declared in the tree.
  var aliasGeneration: UInt64 { environment_atomic_load(word(\.aliasGeneration)) }

  /// Records a write: every cache of the tree becomes stale.
  package func invalidateValues() { environment_atomic_increment(generationCounter) }

  /// Records an alias declaration or removal: every alias scope, and so every cache, of the tree
  /// becomes stale.
  func invalidateAliases() {
    environment_atomic_increment(word(\.aliasGeneration))
    environment_atomic_increment(generationCounter)
  }

  /// Whether some node of the tree may declare a pending alias (see `PendingAlias`).
  var hasPendingAliases: Bool { environment_atomic_load(word(\.pendingAliases)) != 0 }

  /// Records `count` pending aliases declared in (or moved into) the tree.
  func addPendingAliases(_ count: UInt64) { environment_atomic_add(word(\.pendingAliases), count) }

  /// Records that `count` pending aliases are pending no more (identified, or removed) and that
  /// the tree's alias groups changed accordingly.
  func settlePendingAliases(_ count: Int) {
    environment_atomic_subtract(word(\.pendingAliases), UInt64(count))
    invalidateAliases()
  }

  /// Whether `generation` belongs to a live (not forwarded) tree and may be cached.
  @inline(__always)
  static func isCacheable(_ generation: UInt64) -> Bool { generation & forwardedBit == 0 }

  /// The tree that replaced this one, following merges to the end.
  var current: Tree {
    var tree = self
    while let next = tree.withLock({ $0.forwarding }) { tree = next.object }
    return tree
  }

  /// Merges this tree into `other`: nodes pointing here will move to `other` on their next read.
  func forward(to other: Tree) {
    assert(other !== self, "a tree is forwarded to another tree")
    other.addPendingAliases(environment_atomic_load(word(\.pendingAliases)))
    let aliasNodes = withLock { state in
      state.forwarding = Unretained(other, keptAliveBy: .treeLifetimeRule)
      defer { state.aliasNodes = [] }
      return state.aliasNodes
    }
    other.withLock { $0.aliasNodes += aliasNodes }
    environment_atomic_set_bits(generationCounter, Self.forwardedBit)
  }

  // MARK: Nodes that declare aliases

  /// Remembers that `node` declares aliases, so that an alias declared later on one of its
  /// ancestors is checked against them at once. The node leaves the registry in its `deinit`.
  ///
  /// Only identities are compared under the lock: loading a weak reference there would make a
  /// strong one, whose release could be the last and run a `deinit` under the lock.
  func registerAliasDeclaringNode(_ node: Node) {
    let entry = WeakNode(storage: node.storage)
    withLock { state in
      if !state.aliasNodes.contains(where: { $0.identity == entry.identity }) {
        state.aliasNodes.append(entry)
      }
    }
  }

  /// Forgets a node that declared aliases (called by the node's `deinit`).
  func unregisterAliasDeclaringNode(_ identity: ObjectIdentifier) {
    withLock { state in state.aliasNodes.removeAll { $0.identity == identity } }
  }

  /// The nodes strictly below `ancestor` that declare aliases.
  ///
  /// Weak references are loaded after the lock (see `registerAliasDeclaringNode`), one at a time:
  /// a node not below `ancestor` is released as soon as it is checked. Loading them all first
  /// held every alias-declaring node of the tree for the whole scan, and on a busy tree the scans
  /// of other threads overlapped so that a dropped environment's node was always held by one of
  /// them: dropped nodes were never freed (found by `Scripts/soak`).
  func aliasDeclaringNodes(below ancestor: Node) -> [Node] {
    withLock { $0.aliasNodes }.compactMap { entry in
      guard let storage = entry.storage else { return nil }
      let node = Node(storage: storage)
      return node.isDescendant(of: ancestor) ? node : nil
    }
  }

  // MARK: Defaults

  /// The default value of `key` for this tree in `testContext`, as read at `node`: computed on
  /// first use (by the first thread that needs it, with no lock held) and then shared by the
  /// nodes of the tree that read `testContext`'s defaults (`node`'s test context, or the one a
  /// `context` set on its path switches it to). In a test context the default is the key's test
  /// value; a key without one reads its default value, and the read is reported as a test failure
  /// (see `TestContext`).
  ///
  /// Threads that need other keys' defaults meanwhile compute them in parallel; a thread that
  /// needs this one waits for it. A default may read other dependencies of the tree. A default
  /// that needs itself, directly or through other defaults, in this tree or in a tree it creates,
  /// is reported instead of recursing forever.
  ///
  /// On a thread that runs a `prepareDependencies` update for this tree, a default no read
  /// computed yet is the update's own (see `Preparation`).
  func defaultValue(of key: KeyInfo, readAt node: Node, in testContext: TestContext?) -> AnyObject {
    let context = ThreadContext.current
    // A local function, not a closure value: handed on as a non-escaping argument, it needs no
    // context allocated.
    func make() -> AnyObject {
      context.performingDefault(
        of: key,
        {
          // The node whose read computes it, for its getter (see `DefaultInProgress`); the one
          // before is restored (a default that reads another key computes that key's default
          // within its own).
          let previous = context.defaultReadingNode
          context.defaultReadingNode = Unretained(node.storage, keptAliveBy: .holder)
          defer { context.defaultReadingNode = previous }
          return key.makeDefault(in: testContext, readAt: node)
        },
        recursion: { inProgress in self.reportDefaultRecursion(inProgress, key: key) })
    }
    if let preparation = context.preparation, preparation.tree === self,
      let own = preparation.ownDefault(of: key, in: testContext, make: make)
    {
      // An update's own default is not the tree's: a report it deferred is made by the read that
      // computes the tree's.
      context.missingLiveValueDeferred = false
      return own
    }
    let value = Once.value(
      of: .defaultValue(key),
      in: context,
      access: { body in withLock { $0.defaults.withState(of: key.id, in: testContext, body) } },
      recursion: {
        let inProgress = context.workLock.withLock { $0.defaults }
        let start = inProgress.firstIndex { $0.defaultKey?.id == key.id } ?? 0
        self.reportDefaultRecursion(Array(inProgress[start...]), key: key)
      },
      make: make)
    if context.missingLiveValueDeferred {
      // This thread computed it inside an update, which deferred the report.
      context.missingLiveValueDeferred = false
      _ = withLock { $0.defaults.exchangeReportAtNextRead(of: key.id, in: testContext, with: true) }
      environment_atomic_set_bits(word(\.deferredReports), 1)
    } else if hasDeferredReports, !context.isSettingValues,
      withLock({ $0.defaults.exchangeReportAtNextRead(of: key.id, in: testContext, with: false) })
    {
      MissingLiveValue.report(key)
    }
    return value
  }

  /// Forgets the defaults computed for `context` and the contexts switched to from it (when a
  /// GlobalEnv test scope ends), releasing them after the lock, iteratively (a default's `deinit`
  /// may reset or forget defaults again: see `DeferredRelease`).
  func forgetDefaults(of context: TestContext) {
    // Listed before the lock: the switched contexts are under a leaf lock of their own.
    let contexts = context.withSwitchedContexts
    var removed = Optional(withLock { $0.defaults.removeAll(of: contexts) })
    DeferredRelease.release(&removed)
  }

  /// Forgets every computed default and invalidates every cache: the next reads compute fresh
  /// defaults. The old defaults are released after the lock, iteratively (a default's `deinit`
  /// may reset again: see `DeferredRelease`).
  package func resetDefaults() {
    var old = Optional(
      withLock { state in
        defer { state.defaults = Defaults() }
        return state.defaults
      })
    invalidateValues()
    DeferredRelease.release(&old)
  }

  private func reportDefaultRecursion(_ chain: [Work], key: KeyInfo) -> Never {
    let names = chain.compactMap(\.defaultKey).map(\.name) + [key.name]
    reportMisuse(
      """
      the default value of \(key.name) reads \(key.name) itself \
      (\(names.joined(separator: " → "))). A default must not depend on its own key; compute \
      it from other dependencies or set the value explicitly with `with(_:_:)`.
      """)
  }
}

/// A tree's state, under its lock.
package struct TreeState {
  /// The tree this one was merged into, if any. Not retained: it was made by an ancestor of the
  /// attached root that made this one (see the lifetime rule).
  var forwarding: Unretained<Tree>?
  /// Defaults by key, each computed at most once.
  var defaults = Defaults()
  /// The nodes of the tree that declare aliases (weakly: they are released with their
  /// environments).
  var aliasNodes: [WeakNode] = []
}

/// A node, not kept alive, and its identity (compared without loading the weak reference).
struct WeakNode {
  weak var storage: NodeStorage?
  /// `ObjectIdentifier(storage)`, taken when the entry is made.
  let identity: ObjectIdentifier

  init(storage: NodeStorage) {
    self.storage = storage
    identity = ObjectIdentifier(storage)
  }
}

/// A tree's counters and lock, at stable addresses (the elements of its buffer).
package struct TreeWords {
  /// Bumped by every write to the tree: caches record the value they were filled at.
  var generation: UInt64 = 0
  /// Bumped by every alias declaration: alias scopes record the value they were built at.
  var aliasGeneration: UInt64 = 0
  /// How many pending aliases nodes of the tree declare.
  var pendingAliases: UInt64 = 0
  /// Non-zero once a default of the tree deferred its report (see `MissingLiveValue`).
  var deferredReports: UInt64 = 0
  var lock = PlatformLockOperations.unlocked
}
