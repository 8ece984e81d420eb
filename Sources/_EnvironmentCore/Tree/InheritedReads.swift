import DependencyValues
import _EnvironmentAtomics

/// Inherited reads: a node's first read of a key path takes its parent's cached result, without
/// running the key path's getter, when the node sets none of the keys the getter read to make it.
///
/// A getter's result is a function of the keys it reads through its `Dependencies` value: at a
/// node that sets none of them (in a tree without aliases, in the parent's test context), each of
/// those keys resolves as at the parent, so the getter would return the parent's result. So each
/// uncached read records the keys its getter reads (per thread, see `startTracking`), and caches
/// its result with them (in its read table entry): at the reading node, and at its parent when
/// the reading node sets none of them. (An entry keeps one key: the result of a getter that read
/// more is not reused.) A request's environment, child of the app's, then reads an inherited
/// dependency without running the getter (the standard library's key-path application and the
/// resolution walk: ≈ 1,500 instructions per first read, counted by
/// `Scripts/instruction-budgets`).
///
/// A getter runs at most once per node and generation, as before; where a node inherits every
/// key it read, the node reuses its parent's result (a getter with side effects, such as one
/// that makes a new identifier each time it runs, is then run once for both).
///
/// ```swift
/// let request = app.makeChild(RequestEnvironment.self).with(\.requestID, id)
/// request.clock  // the app's result: the getter read only `Clock`, which `request` does not set
/// request.requestID  // runs the getter here: `request` sets `RequestID`
/// ```
@usableFromInline
enum InheritedReads {
  /// A getter run whose reads are being recorded: what the thread was recording before it (the
  /// run it is nested in, if any), restored when it ends.
  @usableFromInline
  struct Tracking {
    let outer: TrackedKeys
  }

  /// Starts recording the keys read on this thread, for a getter about to run.
  @usableFromInline
  static func startTracking() -> Tracking {
    ThreadContext.withCurrent { context in
      defer { context.trackedKeys = TrackedKeys(isTracking: true) }
      return Tracking(outer: context.trackedKeys)
    }
  }

  /// Records that a getter read the key identified by `id` (when one is being tracked).
  static func record(_ id: ObjectIdentifier) {
    ThreadContext.withCurrent { context in
      if context.trackedKeys.isTracking { context.trackedKeys.keys.insert(id) }
    }
  }

  /// Stops recording for `tracking`: the keys its getter read (overflowed after two; a nested
  /// run's keys are its own: they were recorded apart).
  static func endTracking(_ tracking: Tracking) -> KeyIDs {
    ThreadContext.withCurrent { context in
      assert(context.trackedKeys.isTracking, "every tracking ends once")
      defer { context.trackedKeys = tracking.outer }
      return context.trackedKeys.keys
    }
  }

  /// Whether `node`, a child of `parent` in `tree`, may take its parent's results: no alias was
  /// ever declared in the tree, and the parent is in the node's test context.
  static func isEligible(_ node: Node, childOf parent: Unmanaged<NodeStorage>, in tree: Tree)
    -> Bool
  {
    tree.aliasGeneration == 0 && !tree.hasPendingAliases
      && parent._withUnsafeGuaranteedRef { $0.testContext === node.storage.testContext }
  }

  /// Caches `box`, the result of `read` of `keyPath` at `node`, with the keys its getter read
  /// (`keys`; `nil` for a result taken from the parent) so that children may reuse it; also at
  /// its parent when `node` set none of them.
  static func publish(
    _ box: AnyObject, of keyPath: AnyKeyPath, readingKeys keys: KeyIDs?, by read: UncachedRead,
    at node: Node, in tree: Tree
  ) {
    let identity = ObjectIdentifier(keyPath)
    // Stored only when the node was not written since the read began: its keys are then those
    // of the snapshot (`read.localKeys`).
    let stored = node.publish(
      identity, box: box, owner: keyPath, readKeys: keys, tree: tree, generation: read.generation,
      writeCount: read.writeCount)
    guard stored, let keys, keys.tableWord != ENVIRONMENT_UNTRACKED_READ, let parent = read.parent,
      !keys.intersects(read.localKeys)
    else { return }
    parent._withUnsafeGuaranteedRef { parent in
      guard !parent.hasEntry(for: identity) else { return }
      Node(storage: parent).publish(
        identity, box: box, owner: keyPath, readKeys: keys, tree: tree,
        generation: read.generation)
    }
  }
}

/// The keys a getter run on a thread has read so far (see `KeyIDs`).
struct TrackedKeys {
  /// Whether a getter run is being recorded on the thread.
  let isTracking: Bool
  var keys = KeyIDs()

  init(isTracking: Bool) {
    self.isTracking = isTracking
  }
}

/// A set of at most two key identities (a getter usually reads one key, a request's environment
/// sets one or two), or a set that overflowed, which stands for "possibly any key". Trivial to
/// copy.
@usableFromInline
struct KeyIDs {
  private var first: ObjectIdentifier?
  private var second: ObjectIdentifier?
  /// Whether a third key was inserted: the set is then treated as sharing a key with any other.
  private(set) var overflowed = false

  @usableFromInline init() {}

  mutating func insert(_ id: ObjectIdentifier) {
    if overflowed || first == id || second == id { return }
    if first == nil {
      first = id
    } else if second == nil {
      second = id
    } else {
      overflowed = true
    }
  }

  func contains(_ id: ObjectIdentifier) -> Bool {
    overflowed || first == id || second == id
  }

  /// Whether the two sets may share a key.
  func intersects(_ other: KeyIDs) -> Bool {
    if overflowed || other.overflowed { return true }
    if let first, other.contains(first) { return true }
    if let second, other.contains(second) { return true }
    return false
  }

  /// The set as a read table entry holds it (`read_key`): the one key, 0 for none, and for more
  /// than one `ENVIRONMENT_UNTRACKED_READ` (such a result is not reused).
  var tableWord: UInt {
    if overflowed || second != nil { return ENVIRONMENT_UNTRACKED_READ }
    return first.map { UInt(bitPattern: $0) } ?? 0
  }

  /// Whether the key that an entry's getter read (`entry.read_key`) is not in this set; `false`
  /// when it is not known. The caller is pinned.
  @usableFromInline
  func excludesKey(readFor entry: UnsafePointer<environment_table_entry>) -> Bool {
    let readKey = entry.pointee.read_key
    if readKey == ENVIRONMENT_UNTRACKED_READ { return false }
    return readKey == 0 || !contains(ObjectIdentifier(bitPattern: readKey))
  }
}

extension ObjectIdentifier {
  /// The identity whose `UInt(bitPattern:)` is `bits` (not 0).
  init(bitPattern bits: UInt) {
    self = unsafeBitCast(bits, to: ObjectIdentifier.self)
  }
}

extension NodeStorage {
  /// The value cached here for the key path identified by `identity`, if it is current at
  /// `generation` of the tree whose generation counter is `counter` and was computed by a getter
  /// that read none of `localKeys` (see `InheritedReads`). Takes no lock; pinned while it looks at
  /// the table.
  @inlinable
  func trackedValue<Value>(
    for identity: ObjectIdentifier, at generation: UInt64, counter: UnsafePointer<UInt64>,
    unless localKeys: KeyIDs, as _: Value.Type
  ) -> Value? {
    withUnsafeMutablePointerToHeader { words in
      let reader = environment_pin()
      defer { environment_unpin(reader) }
      let table = environment_table_load(&words.pointee.table)
      guard table.pointee.generation == generation, table.pointee.generation_counter == counter,
        let entry = environment_table_find(table, UInt(bitPattern: identity)),
        let box = entry.pointee.box, localKeys.excludesKey(readFor: entry)
      else { return nil }
      return Unmanaged<Box<Value>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
    }
  }

  /// Whether the current table has an entry for `identity`. Takes no lock.
  func hasEntry(for identity: ObjectIdentifier) -> Bool {
    withUnsafeMutablePointerToHeader { words in
      let reader = environment_pin()
      defer { environment_unpin(reader) }
      let table = environment_table_load(&words.pointee.table)
      return environment_table_find(table, UInt(bitPattern: identity)) != nil
    }
  }
}
