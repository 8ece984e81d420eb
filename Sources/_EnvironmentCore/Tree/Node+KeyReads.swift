import DependencyValues

/// Reads and writes of a dependency named by its key type (`@Dependency(APIClient.self)`,
/// `with(APIClient.self, …)`) rather than by a `Dependencies` key path.
///
/// No getter runs for a key: its value at a node is the key's resolved value there, which is
/// exactly the memo that `resolve` keeps in a node's read table under the key type's identity.
/// So a key read caches under that identity, and a repeated read is the same pinned lookup as a
/// key path's. Key paths are cached under their own (object) identities, which never equal a
/// type's metadata address: the two kinds of entry cannot be mistaken for each other.
extension Node {
  /// The value of `key` as seen from this node. Lock-free once cached, like `read(_:from:)`; a
  /// test failure of the read is recorded at `site`.
  ///
  /// ```swift
  /// let client = node.read(key: APIClient.self)
  /// ```
  @inlinable @inline(__always)
  package func read<Key: TestDependencyKey>(key: Key.Type, from site: ReadSite? = nil) -> Key.Value
  {
    if let value = cachedValue(for: ObjectIdentifier(key), as: Key.Value.self) { return value }
    return Box<Key.Value>.unbox(readUncached(key: key, from: site))
  }

  /// `resolveAndCache(_:)` as a read written at `site` (see `ReadTrace`): a test failure raised
  /// while the default is computed is recorded there.
  @usableFromInline
  package func readUncached(key: any TestDependencyKey.Type, from site: ReadSite? = nil)
    -> AnyObject
  {
    ReadTrace.reading(at: site) { resolveAndCache(key) }
  }

  /// Resolves `key` at this node (computing its default with no lock held, if it comes to that)
  /// and caches the boxed result under the key type's identity, as a memo of this node's own
  /// resolved value, unless the node was written since the read began. Returns the box. Part of
  /// the read in progress on this thread.
  ///
  /// The entry has no owner to keep its identity from being reused: type metadata is never
  /// freed. A scope's node that does not set the key resolves it to what the ancestor it shares
  /// reads does (see `Node.sharing(since:)`): read, and cached, there.
  func resolveAndCache(_ key: any TestDependencyKey.Type) -> AnyObject {
    let id = ObjectIdentifier(key)
    guard let sharing = sharing(), sharing.shares(UInt(bitPattern: id), at: self) else {
      return resolveAndCacheHere(key)
    }
    return sharing.ancestor.storage.cachedBox(for: id)
      ?? sharing.ancestor.resolveAndCacheHere(key)
  }

  /// `resolveAndCache(_:)` at this node, whether or not it reads through to an ancestor (see
  /// `readUncachedHere(_:from:)`).
  private func resolveAndCacheHere(_ key: any TestDependencyKey.Type) -> AnyObject {
    let read = beginUncachedRead()
    let info = KeyInfo(existential: key)
    return Unretained<Tree>(opaque: read.tree, keptAliveBy: .treeLifetimeRule).with { tree in
      // Not left pinned: the box is published.
      let resolved = resolve(info, in: tree, at: read.generation, leavingMemoPinned: false)
      guard case .box(let box) = resolved else {
        preconditionFailure("a resolution that leaves no memo pinned gives a box")
      }
      if Tree.isCacheable(read.generation) {
        publish(
          info.id, box: box, owner: nil, tree: tree, generation: read.generation,
          writeCount: read.writeCount)
      }
      return box
    }
  }

  /// Sets `key` to `value` on this node, for the node and its descendants. Runs no user code but
  /// the replaced value's `deinit`, after the node's lock.
  ///
  /// ```swift
  /// node.write(key: APIClient.self, .mock)
  /// ```
  package func write<Key: DependencyKey>(key: Key.Type, _ value: Key.Value) {
    setLocal(Box(value), for: key)
  }
}
