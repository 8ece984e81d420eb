import DependencyValues

/// Reads through a key path into a dependency's value (`@Dependency(\.date.now)`), whose last
/// components are the value's own properties.
///
/// Such a key path's result is not cached: `now` is a new date at each read of a live generator,
/// as with swift-dependencies, and a cached result would be the first one forever. What is cached
/// is each key its getters read, at this node, as `read(key:)` caches it (the memo under the key
/// type's identity): a read runs the key path's getters through the standard library, each key
/// one lock-free lookup once cached. A key path of one component (`\.date`) is cached whole, as
/// every `Dependencies` property's result is (see `DependencySource`).
extension Node {
  /// The value at `keyPath`, its getters run on the values of the keys they read here; a test
  /// failure of the read is recorded at `site`.
  ///
  /// ```swift
  /// let now = node.readProjecting(\.date.now, from: site)  // the generator's date of now
  /// ```
  @inlinable
  package func readProjecting<Value>(
    _ keyPath: KeyPath<Dependencies, Value>, from site: ReadSite?
  ) -> Value {
    ReadTrace.reading(at: site) { dependenciesReadingCachedKeys()[keyPath: keyPath] }
  }

  /// A `Dependencies` value whose reads take each key's value cached at this node, and whose
  /// writes (a getter that keeps it and writes later) set values here, as `NodeAccess`'s do.
  @usableFromInline
  func dependenciesReadingCachedKeys() -> Dependencies {
    assertNoLibraryLockHeld("a key path's getter is about to run")
    return Dependencies(storage: CachedKeyAccess(node: self))
  }
}

/// The storage of `Node.dependenciesReadingCachedKeys()`.
///
/// `@unchecked Sendable`: a node is thread-safe.
private struct CachedKeyAccess: DependencyStorage, @unchecked Sendable {
  let node: Node

  /// The key's value cached at the node, or resolved and cached there, as part of the
  /// projection's read (its frame names the getter that reads the key).
  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    if let value = node.cachedValue(for: ObjectIdentifier(key), as: Key.Value.self) { return value }
    return Box<Key.Value>.unbox(node.resolveAndCache(key))
  }

  func setValue<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    node.setLocal(box, for: key)
  }
}
