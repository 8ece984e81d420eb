import DependencyValues
import _EnvironmentAtomics

/// Reads of a node that sets nothing, made at the nearest ancestor that sets something: what a
/// scope made per request, model or test (GlobalEnv's `withDependencies`) reads until something
/// is set on it.
///
/// Such a node (made with `readsThroughWhileEmpty`) has no value and no alias of its own
/// and reads defaults in its parent's test context, so every read there gives what the same read
/// gives at its parent. So it is read there, and cached there: a scope made for a few reads
/// finds the values read by the scopes before it, instead of resolving and caching them in a
/// table of its own. A write to the node ends this (its write count is no longer 0): its reads
/// are then its own, cached as any node's; a read racing with that write is ordered before it.
/// At most `readThroughDepth` such nodes are passed: nested empty scopes are rare, and a read
/// through more is read at the last one passed.
///
/// ```swift
/// let scope = Node.makeChild(
///   of: root, environmentType: Scope.self, testContext: root.testContext,
///   readsThroughWhileEmpty: true)
/// scope.read(\.apiClient)  // read, and cached, at root
/// ```
extension Node {
  /// The most empty nodes a read passes.
  static let readThroughDepth = 4

  /// The ancestor a read of this node is made at: the nearest one that does not read through (or
  /// the last of `readThroughDepth` passed); `nil` when the read is this node's own. Each node
  /// passed is locked in turn, one at a time.
  @usableFromInline
  var readingNode: Node? {
    var reading: Node?
    for _ in 0..<Self.readThroughDepth {
      guard let parent = (reading ?? self).parentWhileEmpty() else { break }
      reading = parent
    }
    return reading
  }

  /// The parent, while this node reads through to it. A node made without
  /// `readsThroughWhileEmpty` answers without its lock.
  private func parentWhileEmpty() -> Node? {
    guard storage.readsThroughWhileEmpty else { return nil }
    return storage.withLock { state, _ in
      guard state.writeCount == 0, state.aliases.isEmpty,
        let parent = state.parent, parent.testContext === state.testContext
      else { return nil }
      return parent
    }
  }
}

/// Reads a scope's node shares with an ancestor although it sets values: those of key paths
/// whose getter returned one key's value, which the node does not set.
///
/// A getter's run records what it reads (`RecordedRead`). When it read exactly one key through
/// its `Dependencies`, wrote none, looked up no task's scope, and returned that key's value
/// itself, its result is that key's value: at a scope's node that does not set the key, declares
/// no alias, sets no `context` and shares its parent's test context, in a tree without aliases,
/// the key resolves to what it resolves to at the parent. So the result is cached at the nearest
/// ancestor that does not read through (`sharing(since:)`), tagged with the key, and a scope made
/// later for a request, model or test reads it there as long as it does not set that key. Any
/// other getter (one that makes a value from its keys, reads several, or reads through the
/// current scope) runs in each scope as before. A getter that decides on state outside the
/// library keeps its first result there, as any cached read does.
///
/// ```swift
/// withDependencies { $0.requestID = id } operation: {
///   model.apiClient  // the app's cached read: `apiClient`'s getter read only `APIClientKey`
/// }
/// ```
extension Node {
  /// How many reads a scope's node that sets something takes from the ancestor it shares before
  /// it caches them in its own table too: a scope made for a few reads (a request's) makes no
  /// table for them; one read many times (a test's) reads them at a cached read's cost.
  static let sharedReadsBeforeCaching: UInt32 = 8

  /// The value an ancestor cached for `id` that this node shares (see above, and for a node that
  /// sets nothing, `readingNode`), or `nil`; cached in this node's table too, under `keyPath`,
  /// once the node has shared many (`sharedReadsBeforeCaching`). Specialized in the caller's
  /// module, as `cachedValue(for:as:)` is.
  @inlinable
  func sharedCachedValue<Value>(
    for id: ObjectIdentifier, as type: Value.Type, keyPath: AnyKeyPath? = nil
  ) -> Value? {
    guard let sharing = sharing() else { return nil }
    // Before the lookup: what is cached here must be what the ancestor held at this generation.
    let read = sharing.cachesHere && keyPath != nil ? beginUncachedRead() : nil
    var onlyKeyRead: UInt = 0
    guard
      let value = sharing.ancestor.storage.cachedValue(
        for: id, as: type, onlyKeyRead: &onlyKeyRead),
      sharing.shares(onlyKeyRead, at: self)
    else { return nil }
    if let read, let keyPath {
      cacheHere(read, caching: KeyValueBox(value, onlyKeyRead: onlyKeyRead), for: keyPath)
    }
    return value
  }

  /// The ancestor whose cached reads this node shares, for a scope's node that meets the
  /// conditions above or sets nothing: its parent, or the ancestor its parent reads at
  /// (`readingNode`). With `writeCount` (a read's end), only if the node was not written since
  /// its write count was that; without (a read), the read is counted
  /// (`NodeFlags.sharedReadsShift`). One lock of this node.
  @usableFromInline
  func sharing(since writeCount: UInt64? = nil) -> Sharing? {
    guard storage.readsThroughWhileEmpty else { return nil }
    let found = storage.withLock { state, words -> (Sharing, tree: Unretained<Tree>)? in
      guard state.aliases.isEmpty, writeCount == nil || state.writeCount == writeCount,
        let parent = state.parent, parent.testContext === state.testContext
      else { return nil }
      if state.writeCount == 0 {
        return (
          Sharing(ancestor: parent, setsNothing: true, onlyKeySet: 0, cachesHere: false),
          words.treeReference
        )
      }
      guard state.locals[NodeState.contextKeyID] == nil else { return nil }
      let onlyKeySet = state.locals.all.count == 1 ? UInt(bitPattern: state.locals.all[0].id) : 0
      var sharedReads = environment_flags_word(&words.pointee.flags) >> NodeFlags.sharedReadsShift
      if writeCount == nil, sharedReads <= Self.sharedReadsBeforeCaching {
        environment_flags_add(&words.pointee.flags, 1 << NodeFlags.sharedReadsShift)
        sharedReads += 1
      }
      let cachesHere = sharedReads > Self.sharedReadsBeforeCaching
      return (
        Sharing(
          ancestor: parent, setsNothing: false, onlyKeySet: onlyKeySet, cachesHere: cachesHere),
        words.treeReference
      )
    }
    // A node that sets something shares only in a tree without aliases (see above).
    guard let (found, tree) = found,
      found.setsNothing
        || tree.with({
          $0.aliasGeneration == 0 && !$0.hasPendingAliases && Tree.isCacheable($0.generation)
        })
    else { return nil }
    guard found.ancestor.storage.readsThroughWhileEmpty, let reading = found.ancestor.readingNode
    else { return found }
    return Sharing(
      ancestor: reading, setsNothing: found.setsNothing, onlyKeySet: found.onlyKeySet,
      cachesHere: found.cachesHere)
  }
}

/// What a scope's node shares with an ancestor (see `Node.sharing(since:)`).
@usableFromInline
struct Sharing {
  @usableFromInline let ancestor: Node
  /// Whether the node sets nothing: it shares every entry.
  @usableFromInline let setsNothing: Bool
  /// The identity of the one key the node sets, if it sets exactly one; otherwise 0.
  @usableFromInline let onlyKeySet: UInt
  /// Whether the node caches what it shares in its own table too (see
  /// `Node.sharedReadsBeforeCaching`).
  @usableFromInline let cachesHere: Bool

  /// Whether the node shares an entry whose getter read only the key identified by `onlyKeyRead`
  /// (0: several keys, a write, or a kept `Dependencies`).
  @inlinable
  func shares(_ onlyKeyRead: UInt, at node: Node) -> Bool {
    if setsNothing { return true }
    guard onlyKeyRead != 0 else { return false }
    if onlyKeySet != 0 { return onlyKeyRead != onlyKeySet }
    return !node.sets(onlyKeyRead)
  }
}

extension Node {
  /// Whether this node sets the key identified by `key` (an `ObjectIdentifier`'s bits).
  @usableFromInline
  func sets(_ key: UInt) -> Bool {
    withLock { $0.locals[unsafeBitCast(key, to: ObjectIdentifier.self)] != nil }
  }
}
