import DependencyValues
import _EnvironmentAtomics

/// One environment's place in a tree: its own values and aliases, a link to its parent, and a
/// read table that makes a repeated read a lock-free lookup.
///
/// Ownership: a node holds its parent node strongly and nothing else; environments hold their
/// node and their derived children. So there is no cycle, and a child kept alive after its root
/// environment was released keeps reading what it inherited.
///
/// Invalidation: a write to a node that has children bumps the tree's generation, an atomic
/// counter (a write to a childless node drops only that node's table). A read table is valid at
/// the generation it was made for, so a write costs O(1) and the next reads re-resolve lazily,
/// each walking up only to the nearest ancestor whose resolved value is still current.
/// See Design.md ("Life of a read") for the whole picture.
///
/// `@unchecked Sendable`: state is behind the node's lock; the table is read lock-free under the
/// reclamation rule (see `Reclamation`).
@usableFromInline
package struct Node: @unchecked Sendable {
  /// The node's state and cache. Package-visible for an environment's `deinit`, which lends it
  /// to `dropCachedReadsIfShared(lending:)` as loaded, with no copy of the node.
  @usableFromInline package let storage: NodeStorage

  /// A root node, with a tree of its own, in `testContext` (by default, the current task's test
  /// context, or the process-wide one).
  /// `recordsReads`: its uncached reads record the keys their getters read, so that scopes made
  /// on it share their results (see `RecordedRead`), for GlobalEnv's root.
  package static func makeRoot(
    environmentType: Any.Type, testContext: TestContext? = TestContext.forNewRoot,
    recordsReads: Bool = false
  ) -> Node {
    let tree = Tree.make()
    return Node(
      storage: .make(
        parent: nil, tree: Unretained(tree, keptAliveBy: .treeLifetimeRule), ownedTree: tree,
        environmentType: environmentType, testContext: testContext, recordsReads: recordsReads))
  }

  /// A node that inherits from `parent`, in `parent`'s tree and in `testContext` (an environment
  /// derived from another belongs to its parent's context). O(1). `readsThroughWhileEmpty`: its
  /// reads are made at its parent while it sets nothing (see `readingNode`), for a scope.
  package static func makeChild(
    of parent: Node, environmentType: Any.Type, testContext: TestContext?,
    readsThroughWhileEmpty: Bool = false
  ) -> Node {
    makeChild(
      ofUnretained: Unretained(parent.storage, keptAliveBy: .holder),
      environmentType: environmentType,
      testContext: testContext, readsThroughWhileEmpty: readsThroughWhileEmpty)
  }

  /// `makeChild(of:environmentType:testContext:)` for a parent that the caller holds: the parent
  /// is retained once, by the child (an app environment shared by every request's is not
  /// retained and released again around it).
  static func makeChild(
    ofUnretained parentStorage: Unretained<NodeStorage>, environmentType: Any.Type,
    testContext: TestContext?, readsThroughWhileEmpty: Bool = false
  ) -> Node {
    // Before the child can read: from now on, the parent's writes invalidate the tree (see
    // `treeForNewChild`). A forwarded tree is followed after it.
    var tree = parentStorage.with { $0.treeForNewChild() }
    if !Tree.isCacheable(tree.with(\.generation)) {
      tree = Unretained(
        Node(storage: parentStorage.object).currentTree().tree, keptAliveBy: .treeLifetimeRule)
    }
    return Node(
      storage: .make(
        parent: Node(storage: parentStorage.object), tree: tree, ownedTree: nil,
        environmentType: environmentType, testContext: testContext,
        readsThroughWhileEmpty: readsThroughWhileEmpty))
  }

  /// The test context this node was created in.
  package var testContext: TestContext? { storage.testContext }

  /// Runs `body` with exclusive access to the node's state. `body` must not run user code, take
  /// other locks or release values (return them instead).
  package func withLock<Result>(_ body: (inout NodeState) -> Result) -> Result {
    storage.withLock { state, _ in body(&state) }
  }

  /// Whether `self` and `other` are the same node.
  package func isIdentical(to other: Node) -> Bool {
    storage === other.storage
  }

  /// The node's tree, after moving the node to the tree its old one was merged into (if any),
  /// and that tree's generation.
  func currentTree() -> (tree: Tree, generation: UInt64) {
    let current = currentState()
    return (current.tree.object, current.generation)
  }

  /// `currentTree()` and the node's write count, read under the same lock as the tree, before
  /// the generation. The tree is not retained: it lives as long as this node (the lifetime rule
  /// in `Tree`), and the caller holds the node.
  private func currentState() -> (tree: Unretained<Tree>, generation: UInt64, writeCount: UInt64) {
    while true {
      let (reference, writeCount) = storage.withLock { state, words in
        (words.treeReference, state.writeCount)
      }
      assert(holdsTree(reference), "a node points at a tree none of its roots made")
      let generation = reference.with { $0.generation }
      if Tree.isCacheable(generation) { return (reference, generation, writeCount) }
      let tree = reference.object
      let current = tree.current
      // The old table is retired after the lock (the old tree lives on: the lifetime rule).
      let retired = storage.withLock { state, words -> ReadTable? in
        guard words.isIn(tree) else { return nil }
        words.setTree(current)
        state.aliasScope = nil
        return words.replaceTable(with: .empty)
      }
      if let retired { Reclamation.retire(retired) }
    }
  }

  /// Whether `tree` was made by this node or one of its ancestors, or is one that such a tree
  /// was forwarded to: the lifetime rule in `Tree`, on which every node's unretained reference to
  /// its tree rests. Compares addresses only (`tree` is not loaded). For assertions: it locks
  /// every node on the way to the root, one at a time.
  func holdsTree(_ tree: Unretained<Tree>) -> Bool {
    sequence(first: self, next: \.parent).contains { node in
      guard let owned = node.withLock({ $0.ownedTree }) else { return false }
      return sequence(first: owned, next: { $0.withLock { $0.forwarding }?.object }).contains {
        Unretained($0, keptAliveBy: .holder).isIdentical(to: tree)
      }
    }
  }

  // MARK: Reading

  /// The value of `keyPath` as seen from this node; `site`, where the user's code reads it, is
  /// where a test failure of the read is recorded (see `ReadTrace`).
  ///
  /// The fast path takes no lock: one pinned lookup in the node's read table, whatever the depth.
  /// Inlined into the caller's module, so that it is specialized for `Value`.
  @inlinable @inline(__always)
  package func read<Value>(
    _ keyPath: KeyPath<Dependencies, Value>, from site: ReadSite? = nil
  ) -> Value {
    if let value = cachedValue(for: ObjectIdentifier(keyPath), as: Value.self) { return value }
    return readUncached(keyPath, from: site)
  }

  /// The value cached for the key path identified by `id`, if it is current.
  ///
  /// Takes the key path's identity rather than the key path, so that a caller holding the key
  /// path in a struct need not copy (retain) it on the fast path.
  @inlinable @inline(__always)
  package func cachedValue<Value>(for id: ObjectIdentifier, as type: Value.Type) -> Value? {
    storage.cachedValue(for: id, as: type)
  }

  /// Resolves `keyPath` by running its getter (user code) against this node, with no lock held,
  /// and caches the result under the key path's identity in this node's table.
  ///
  /// The result is never taken from another environment's cache unless it is provably the same:
  /// a getter may capture the `Dependencies` it was called on, read keys conditionally or have
  /// side effects, so only its run here gives this node's value. A scope's node reads what its
  /// parent gives while it sets nothing (`readingNode`), and a result its parent cached from a
  /// getter that read one key it does not set (`sharedCachedValue`): what the getter would get
  /// here is what it got there. Specialized in the caller's module (so that boxing the value
  /// needs no run-time generic metadata lookup), but not inlined into the fast path. The getter
  /// runs as a read written at `site` (see `ReadTrace`).
  @inlinable @inline(never)
  package func readUncached<Value>(
    _ keyPath: KeyPath<Dependencies, Value>, from site: ReadSite? = nil
  ) -> Value {
    // A node that is no scope's reads its own values: no call below is needed.
    guard storage.readsThroughWhileEmpty else { return readUncachedHere(keyPath, from: site) }
    let id = ObjectIdentifier(keyPath)
    if let value = sharedCachedValue(for: id, as: Value.self, keyPath: keyPath) { return value }
    // A node that sets nothing reads at the ancestor it reads through to, which may share too.
    let reading = readingNode ?? self
    if reading.storage !== storage, let value = reading.sharedCachedValue(for: id, as: Value.self) {
      return value
    }
    return reading.readUncachedHere(keyPath, from: site)
  }

  /// `readUncached(_:from:)` at this node, whether or not it reads through to an ancestor (a
  /// read passed on to an ancestor is not passed on again: nested empty scopes cost a bounded
  /// walk, not a recursion). At a node that records reads (a GlobalEnv root's or scope's), the
  /// getter's run records the keys it reads (`RecordedRead`), so that a result one key gave is
  /// shared as that key's (see `finish`).
  @inlinable @inline(never)
  func readUncachedHere<Value>(
    _ keyPath: KeyPath<Dependencies, Value>, from site: ReadSite?
  ) -> Value {
    ReadTrace.reading(at: site) {
      let read = beginUncachedRead()
      let value: Value
      var onlyKeyRead: UInt = 0
      if read.recordsReads {
        let run = RecordedRead.make(at: self, for: read)
        value = run.dependencies[keyPath: keyPath]
        onlyKeyRead = run.onlyKeyRead(returning: value)
      } else {
        value = dependencies(for: read)[keyPath: keyPath]
      }
      Interleaving.point(.resolved)
      let box = onlyKeyRead == 0 ? Box(value) : KeyValueBox(value, onlyKeyRead: onlyKeyRead)
      finish(read, caching: box, onlyKeyRead: onlyKeyRead, for: keyPath)
      return value
    }
  }

  /// Begins an uncached read: the node's tree, generation and write count.
  @usableFromInline
  func beginUncachedRead() -> UncachedRead {
    assertNoLibraryLockHeld("a key path's getter is about to run")
    // A write after the write count is read makes the result uncacheable here; a write before
    // it is seen by the read (see `publish`).
    let (tree, generation, writeCount) = currentState()
    return UncachedRead(
      tree: tree.opaque, generation: generation, writeCount: writeCount,
      recordsReads: storage.recordsReads)
  }

  /// The `Dependencies` to evaluate a key path with for `read`, bound to its tree and generation.
  @usableFromInline
  func dependencies(for read: UncachedRead) -> Dependencies {
    Dependencies(storage: NodeAccess(at: self, for: read))
  }

  /// Caches the result of an uncached read under the identity of `keyPath`: for a scope's node
  /// and a result that is the value of one key it does not set (`onlyKeyRead`, also in `box`, a
  /// `KeyValueBox`), in the table of the ancestor its reads share (`sharing(since:)`), where the
  /// scopes made after it find it; otherwise in this node's (`cacheHere`).
  @usableFromInline
  func finish(
    _ read: UncachedRead, caching box: AnyObject, onlyKeyRead: UInt, for keyPath: AnyKeyPath
  ) {
    guard onlyKeyRead != 0, let shared = sharing(since: read.writeCount),
      shared.shares(onlyKeyRead, at: self)
    else { return cacheHere(read, caching: box, for: keyPath) }
    guard Tree.isCacheable(read.generation) else { return }
    Unretained<Tree>(opaque: read.tree, keptAliveBy: .treeLifetimeRule).with { tree in
      // The ancestor's writes since the read began moved the generation on (it has a child).
      _ = shared.ancestor.publish(
        ObjectIdentifier(keyPath), box: box, owner: Self.owner(of: keyPath), tree: tree,
        generation: read.generation)
    }
  }

  /// Caches `box`, what `read` gave, under the identity of `keyPath` in this node's table, unless
  /// the node was written since the read began.
  @usableFromInline @inline(__always)
  func cacheHere(_ read: UncachedRead, caching box: AnyObject, for keyPath: AnyKeyPath) {
    guard Tree.isCacheable(read.generation) else { return }
    Unretained<Tree>(opaque: read.tree, keptAliveBy: .treeLifetimeRule).with { tree in
      _ = publish(
        ObjectIdentifier(keyPath), box: box, owner: Self.owner(of: keyPath), tree: tree,
        generation: read.generation, writeCount: read.writeCount)
    }
  }

  /// What keeps the identity of `keyPath` while an entry is cached under it: nothing when the
  /// process keeps it (`KeptKeyPaths`: the literals a program reads, at their first read);
  /// otherwise the key path itself, which the entry holds with an `IdentityAnchor`.
  private static func owner(of keyPath: AnyKeyPath) -> AnyObject? {
    KeptKeyPaths.keep(keyPath) ? nil : keyPath
  }

  /// Caches `box` for `identity` in this node's table at `generation` of `tree`: in place when
  /// the current table is for that generation and has room, otherwise in a new table that
  /// replaces it (the old one is retired after the lock). `owner` keeps `identity` from being
  /// reused while the entry exists (an `IdentityAnchor`). A full table is replaced by one that
  /// keeps every entry still readable (see `ReadTable.withRoom`): the entries of key paths made
  /// at run time and dropped since are left out, so that such reads do not grow a node's memory,
  /// and no number of keys read at a node makes its cached reads slower.
  ///
  /// `writeCount`, for a value resolved from this node's own state, is the node's write count
  /// when the resolution began: a write since then (which, on a node without children, leaves
  /// the generation as it is) makes the value stale, and it is not cached. Nothing is cached on
  /// a thread that runs a `prepareDependencies` update: what it reads may be its own (see
  /// `Preparation`); nor inside an update in a tree where a default deferred its report to its
  /// next read outside one (see `MissingLiveValue`), which a cached read would not make. Returns
  /// whether `box` was stored.
  @discardableResult
  func publish(
    _ identity: ObjectIdentifier, box: AnyObject, owner: AnyObject?, tree: Tree, generation: UInt64,
    writeCount: UInt64? = nil
  ) -> Bool {
    let caches = ThreadContext.withCurrent { context in
      context.preparation == nil && !(tree.hasDeferredReports && context.isSettingValues)
    }
    guard caches else { return false }
    let boxPointer = Unmanaged.passRetained(box).toOpaque()
    let ownerPointer = owner.map(ReadTable.retainOwner)
    let checksWriteCount = !InjectedFaults.isInjected(.ignoresWriteCount)
    let key = UInt(bitPattern: identity)
    let (stored, retired) = storage.withLock { state, words -> (Bool, ReadTable?) in
      guard words.isIn(tree) else { return (false, nil) }
      if let writeCount, checksWriteCount, state.writeCount != writeCount { return (false, nil) }
      let table = ReadTable(words.pointee.table)
      assert(Tree.isCacheable(generation), "nothing is cached at a forwarded tree's generation")
      let current = !table.isEmptySentinel && table.belongs(to: tree)
      if current && table.generation == generation {
        if table.contains(key) { return (false, nil) }
        if table.hasRoom {
          table.insert(key, box: boxPointer, owner: ownerPointer)
          return (true, nil)
        }
        let larger = table.withRoom(tree: tree)
        larger.insert(key, box: boxPointer, owner: ownerPointer)
        return (true, words.replaceTable(with: larger))
      }
      // A table for an older generation (or another tree) is replaced; a newer one is kept.
      if current && table.generation > generation { return (false, nil) }
      let fresh = ReadTable.make(tree: tree, generation: generation, capacity: 2)
      fresh.insert(key, box: boxPointer, owner: ownerPointer)
      return (true, words.replaceTable(with: fresh))
    }
    if !stored {
      Unmanaged<AnyObject>.fromOpaque(boxPointer).release()
      if let ownerPointer { ReadTable.releaseOwner(ownerPointer) }
    }
    if let retired { Reclamation.retire(retired) }
    return stored
  }

  // MARK: Writing

  /// Sets `keyPath` to `value` on this node, for the node and its descendants, as Swift's
  /// key-path write does: get, modify, set.
  ///
  /// A single-component key path (`\.apiClient`) runs its getter only to discard its result (the
  /// standard library then sets the new value), so the getter gets the value being written
  /// instead of computing a default it does not need (see `AccessorRun`); the key it writes is
  /// remembered (see `KnownKeyPaths`). A key path of several components (`\.endpoints.primary`)
  /// modifies what the getter returns: the getter reads the values it would read at this node,
  /// computing defaults not computed yet, so that the setter writes back only what changed. In
  /// both shapes the setter reads what this node holds, as on a plain `Dependencies` value.
  package func write<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>, _ value: Value) {
    assertNoLibraryLockHeld("a key path's accessors are about to run")
    guard KeyPathShape.isSingleComponent(keyPath) else {
      var dependencies = Dependencies(storage: AccessorRun(node: self, storesWrites: true))
      ThreadContext.settingValues { dependencies[keyPath: keyPath] = value }
      return
    }
    AccessorRun.writing(value, at: self, storesWrites: true) { run in
      var dependencies = Dependencies(storage: run)
      run.assign(value, to: &dependencies[keyPath: keyPath])
      if let key = run.onlyKey { KnownKeyPaths.record(keyPath, writes: key) }
    }
  }

  /// Sets the value of `key` on this node. Called back by `Dependencies`' subscript setter.
  func setLocal<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    let key = KeyInfo(key)
    writeLocals { locals, order in locals.update(LocalValue(key: key, value: box, order: order)) }
  }

  /// A write to this node's own values, the one shape every write takes: under the node's lock,
  /// the write count goes up (so that an uncached read in flight does not cache what the write
  /// replaces), `change` changes the values with that count as the write's order and returns
  /// what it took out, and the node's table, stale now, is dropped. After the lock, once the new
  /// values are in place (a reader that sees the new generation sees them): descendants' caches
  /// are invalidated, the table is retired, and what `change` took out is released.
  ///
  /// Only descendants cache what this node holds (ancestors cache what they find above), so a
  /// node without children has nothing more to invalidate: a per-request environment's writes
  /// leave the app's caches alone. (The tree lives as long as this node: not retained.)
  func writeLocals<Released>(_ change: (inout LocalValues, _ order: UInt64) -> Released) {
    var released: Released?
    let (tree, retired, hasChildren) = storage.withLock { state, words in
      state.writeCount += 1
      released = change(&state.locals, state.writeCount)
      return (words.treeReference, words.replaceTable(with: .empty), words.hasChildren)
    }
    Interleaving.point(.wrote)
    if hasChildren { tree.with { $0.current.invalidateValues() } }
    if let retired { Reclamation.retire(retired) }
    DeferredRelease.release(&released)  // after the lock
  }

  // MARK: Aliasing

  /// Makes the keys behind `dependency` and `reference` one dependency for this node and its
  /// descendants; with nothing set, the group reads `reference`'s default (or, for a chain, the
  /// default of the key at its end).
  ///
  /// Computes no default: when no value of the key paths' type is at hand to find their keys,
  /// the alias stays pending (see `PendingAlias`). A cycle or a conflict visible from the key
  /// paths alone (the same key path on both sides, or closing a chain of key paths declared on
  /// this node, its ancestors or its descendants) is reported at this call, naming the keys and
  /// this declaration as the one that closes it.
  package func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>,
    at site: AliasSite
  ) {
    let paths = AliasPaths(dependency: dependency, reference: reference)
    let declaredIn = environmentName
    let identify = { (node: Node, allowingDefault: Bool) in
      KeyProbe(node: node).keys(
        aliasing: dependency, to: reference, allowingDefault: allowingDefault)
    }
    let tree = currentTree().tree
    let descendants = tree.aliasDeclaringNodes(below: self)
    let misused = ([self] + descendants).contains { $0.closesPathCycleOrConflict(paths) }
    if misused {
      for node in [self] + descendants { node.identifyPendingAliases(ofType: nil, in: tree) }
    }
    let declaration: AliasDeclaration
    if let keys = identify(self, misused) {
      let edge = AliasEdge(
        dependency: keys.dependency, reference: keys.reference, declaredIn: declaredIn,
        site: site)
      declaration = .identified(edge, paths: paths)
      // What this alias closes with aliases declared below is reported here, with this
      // declaration named as the last one (the scopes below do not include it yet).
      for node in descendants { _ = node.aliasScope(in: tree).adding([edge]) }
    } else {
      declaration = .pending(
        PendingAlias(
          paths: paths, valueTypeID: ObjectIdentifier(Value.self), declaredIn: declaredIn,
          site: site, identify: identify))
    }
    let nodeTree = storage.withLock { state, words in
      state.aliases.append(declaration)
      return words.tree
    }
    let current = nodeTree.current
    current.registerAliasDeclaringNode(self)
    if case .pending = declaration {
      current.addPendingAliases(1)
    } else {
      current.invalidateAliases()
      // Build the scope now, so that a cycle or a conflict is reported at the `aliasing` call.
      _ = aliasScope(in: current)
    }
  }

  /// Whether declaring `paths` on this node or one of its ancestors would alias a key path to
  /// itself, close a cycle of key paths, or alias a key path already aliased on the way to the
  /// root, as seen from this node: misuse that is reported at the call, which needs the keys
  /// (their names) at once.
  private func closesPathCycleOrConflict(_ paths: AliasPaths) -> Bool {
    if paths.dependency == paths.reference { return true }
    var references: [AnyKeyPath: AnyKeyPath] = [:]
    for node in lineage {
      for declaration in node.withLock({ $0.aliases }) {
        references[declaration.paths.dependency] = declaration.paths.reference
      }
    }
    if references[paths.dependency] != nil { return true }
    var current = paths.reference
    var steps = 0
    while let next = references[current], steps <= references.count {
      if next == paths.dependency { return true }
      current = next
      steps += 1
    }
    return false
  }

  /// Drops this node's cached reads (its table is retired), for the owner of the node when it
  /// goes away: an environment's `deinit`, the end of a `withValues` scope.
  ///
  /// A cached result may hold this very node: a composed client that keeps the `Dependencies` it
  /// was made from (`get { let deps = self; return Client { deps.token } }`) holds the node, and
  /// the node's table holds the client. Dropping the table breaks that cycle, so the node and the
  /// values it holds are released when nothing else holds them. Children that outlive the owner
  /// keep reading: they re-resolve what the table held.
  package func dropCachedReads() {
    let retired = storage.withLock { _, words in words.replaceTable(with: .empty) }
    if let retired { Reclamation.retire(retired) }
  }

  /// `dropCachedReads()` for the node of `storage`, unless the caller's reference is the only one
  /// (an environment going away that no child, cached value or other thread holds): then no
  /// reader can be looking at the table (every reader holds the node, or a descendant that holds
  /// it) and no cached value holds the node, and the node's own release, right after, frees the
  /// table without looking for readers. A per-request environment's end then costs no
  /// retirement; with one on every request's end, two threads making requests took each other's
  /// reader records and retired-table queue, and scaled 1.06 times one thread.
  ///
  /// ```swift
  /// deinit { Node.dropCachedReadsIfShared(lending: Unmanaged.passUnretained(node.storage)) }
  /// ```
  ///
  /// `storage` is the caller's own strong reference, lent unretained for the call: it is taken
  /// over without a retain (`takeRetainedValue`), so that `isKnownUniquelyReferenced` counts it as
  /// the one it is, and handed back before returning (`passRetained`, whose retain balances the
  /// release of the local at its end). No count is read or written but through those. (A copy of
  /// the node, or a `var` in the environment, would count twice or cost every read a retain.)
  package static func dropCachedReadsIfShared(lending storage: Unmanaged<NodeStorage>) {
    var lent = storage.takeRetainedValue()
    let unique = isKnownUniquelyReferenced(&lent)
    _ = Unmanaged.passRetained(lent)
    guard !unique else { return }
    Node(storage: lent).dropCachedReads()
  }

  /// Removes every value set on this node: reads fall back to ancestors and defaults.
  package func removeAllValues() {
    writeLocals { locals, _ in
      defer { locals = LocalValues() }
      return locals
    }
  }

  /// Removes every alias declared on this node.
  package func removeAllAliases() {
    let (removed, tree) = storage.withLock { state, words in
      defer { state.aliases = [] }
      return (state.aliases, words.tree)
    }
    let pending = removed.count { $0.pending != nil }
    let current = tree.current
    current.unregisterAliasDeclaringNode(ObjectIdentifier(storage))
    current.settlePendingAliases(pending)
    withExtendedLifetime(removed) {}
  }

  /// Forgets the defaults computed for this node's tree: the next reads compute them again.
  package func resetDefaults() {
    currentTree().tree.resetDefaults()
  }

  /// Forgets the defaults this node's tree computed for `testContext`, and the reads cached
  /// from them: the next reads in that context compute them again.
  package func resetDefaults(of testContext: TestContext) {
    let tree = currentTree().tree
    tree.forgetDefaults(of: testContext)
    tree.invalidateValues()
  }

  /// Forgets the defaults this node's tree computed for `testContext` (whose test has ended).
  package func forgetDefaults(of testContext: TestContext) {
    currentTree().tree.forgetDefaults(of: testContext)
  }

  /// The name of the environment type that owns this node.
  package var environmentName: String { withLock { $0.environmentName } }
}

/// An uncached read in progress: the tree and generation the result will be cached at.
@usableFromInline
struct UncachedRead {
  /// The `Tree`, not retained (it lives as long as the reading node: the lifetime rule in
  /// `Tree`); a raw pointer so that inlinable code need not name the type.
  let tree: UnsafeMutableRawPointer
  @usableFromInline let generation: UInt64
  /// The node's write count when the read began (see `publish`).
  let writeCount: UInt64
  /// Whether the getter's run records the keys it reads (`NodeFlags.recordsReads`).
  @usableFromInline let recordsReads: Bool
}
