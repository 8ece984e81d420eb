import DependencyValues
import _EnvironmentCore

extension GlobalDependencies {
  /// A `withValues` scope: the node holding its overrides, and the scope it was made in.
  ///
  /// Counted alive from creation to `deinit`, which runs when the scope's operation has returned,
  /// every task that inherited the scope has ended and no `@Dependency` made in it remains.
  ///
  /// `@unchecked Sendable`: its stored properties are immutable, but for the overlays, which are
  /// only touched under their lock.
  @usableFromInline
  final class Scope: @unchecked Sendable {
    @TaskLocal
    @usableFromInline
    static var current: Scope?

    @usableFromInline
    let node: Node
    /// The scope this one was made on, if any.
    let parent: Scope?
    /// The test context this scope was made for, whose defaults end with it.
    let ownedTestContext: TestContext?
    /// The keys `Dependencies.prepare` set on this scope, for a test's (see
    /// `GlobalDependencies.processWideScope`, the only scope that asks); `nil` for any other
    /// scope, which makes none. A leaf lock.
    let preparedKeys: LockedValue<Set<ObjectIdentifier>>?
    /// For each scope whose `@Dependency` properties were read in this one (when this one is
    /// neither inside it nor free of values), the node they read at: that scope's values with
    /// this one's on top. A leaf lock; an entry lives until a prune after its scope ended (see
    /// `Overlays`), or else as long as this scope.
    private let overlays = LockedValue<Overlays>.make(Overlays())

    /// Whether the scope's node is its own, whose cached reads it drops when it ends; not for a
    /// scope that only reads another's node: a node of another scope (or an overlay of one)
    /// whose read is computing a default, what a `@Dependency` declared in that default's getter
    /// captures (see `GlobalDependencies.capturedScope`), which sets nothing of its own.
    private let ownsNode: Bool

    init(
      node: Node, parent: Scope?, owning testContext: TestContext? = nil, ownsNode: Bool = true
    ) {
      self.node = node
      self.parent = parent
      ownedTestContext = testContext
      preparedKeys = testContext == nil ? nil : .make([])
      self.ownsNode = ownsNode
      LiveScopes.increment()
    }

    deinit {
      // A cached composed client may hold the scope's node: break that cycle (see
      // `Node.dropCachedReads`).
      for node in overlays.withLock({ $0.nodes }) { node.dropCachedReads() }
      // A node only this scope holds goes with it, and its table with it, unretired.
      if ownsNode { Node.dropCachedReadsIfShared(lending: Unmanaged.passUnretained(node.storage)) }
      if let ownedTestContext { root.forgetDefaults(of: ownedTestContext) }
      LiveScopes.decrement()
    }

    /// The node where a `@Dependency` made in this scope reads while `reader` is the current
    /// scope: this scope's node when read outside any scope, in this scope, or in a scope whose
    /// chain sets no value; the reader's node when the reader was made inside this scope (it has
    /// this scope's values and its own, which win); otherwise this scope's values with the
    /// reader's on top (the values set in the scope where it is read win, as with
    /// swift-dependencies), a node the reader makes once for this scope.
    @inlinable @inline(__always)
    func node(readFrom reader: Scope?) -> Node {
      guard let reader, reader !== self else { return node }
      return node(readFromOther: reader)
    }

    @usableFromInline
    func node(readFromOther reader: Scope) -> Node {
      let readerChain = sequence(first: reader) { $0.parent }
      // Made inside this scope (at any depth): the reader has this scope's values and its own.
      if readerChain.dropFirst().contains(where: { $0 === self }) { return reader.node }
      // Counted at each read: `with(_:_:)` inside a scope sets values on it after it was made.
      let writes = readerChain.reduce(0) { $0 &+ $1.node.writeCount }
      if writes == 0 { return node }
      return reader.overlay(of: self, writes: writes)
    }

    /// `captured`'s node overlaid with the values of this scope's chain (outermost first), made
    /// at the first read of a `@Dependency` made in `captured` from this scope, and made again
    /// when `writes` (the chain's write count) shows a value set since; kept while `captured`
    /// lives (see `Overlays`).
    private func overlay(of captured: Scope, writes: UInt64) -> Node {
      if let found = overlays.withLock({ $0.node(for: captured, writes: writes) }) { return found }
      let chain: [Node] = sequence(first: self, next: \.parent).map(\.node).reversed()
      let made = captured.node.overlaid(withValuesOf: chain, as: ScopedOverride.self)
      let (kept, replaced, due) = overlays.withLock { $0.keep(made, for: captured, writes: writes) }
      // After the lock: an out-of-date overlay, or one made by a racing read, is released here.
      replaced?.node.dropCachedReads()
      if let due { pruneEndedOverlays(of: due) }
      return kept
    }

    /// Drops the overlays of `due` whose captured scope has ended, and their cached reads (which
    /// may hold their node in a cycle, see `Node.dropCachedReads`). No read uses such an overlay:
    /// a read through a model holds the model, and so its scope.
    private func pruneEndedOverlays(of due: [ObjectIdentifier: Overlay]) {
      // The weak references are loaded here, after the lock: a load holds an ended scope's
      // overlays' table for a moment, and may release it last (and with it, values).
      let ended = due.filter { $0.value.capturedScopeHasEnded }
      let removed = overlays.withLock { $0.remove(ended) }
      for overlay in removed { overlay.node.dropCachedReads() }
    }

    /// An object that lives exactly as long as this scope (its overlays' table, which never
    /// leaves it), for an `Overlay` to hold weakly: a weak reference to the scope itself would
    /// move the scope's reference counts to a side table, and slow down every retain and release
    /// of it (a read of a model made in it makes several).
    var lifetimeWitness: AnyObject { overlays }

    /// How many overlays this scope holds, those of ended scopes not yet pruned included.
    var overlayCount: Int { overlays.withLock { $0.count } }
  }
}
