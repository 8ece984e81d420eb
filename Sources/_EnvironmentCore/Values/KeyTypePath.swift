import DependencyValues

/// The `Dependencies` key path of a key type, for the APIs that take key paths and are not on a
/// read's path: aliasing (whose cycle checks compare key paths) and the alias builders.
///
/// ```swift
/// let path = KeyTypePath.of(APIClient.self)  // reads and writes `self[APIClient.self]`
/// environment.aliasing(\.profileAPI, to: APIClient.self)  // aliases `path` underneath
/// ```
///
/// One path is made per key type and kept for the process (as many as there are key types), so
/// its identity is stable: it is recorded once as writing its key, and aliasing never needs a
/// sample value to identify it. Two paths for one key would be equal anyway (their subscript
/// argument is the key's identity).
///
/// The path is `Sendable` (its one subscript argument is), so that GlobalEnv's `Sendable` alias
/// declarations can hold it as ComposableEnv's hold any key path.
package enum KeyTypePath {
  /// The path of a key type: `Sendable`, as every path made here is.
  package typealias Of<Key: DependencyKey> = WritableKeyPath<Dependencies, Key.Value> & Sendable

  /// `nonisolated(unsafe)`: immutable reference; the dictionary is only touched under its lock,
  /// which runs no user code (the keys are `ObjectIdentifier`s).
  nonisolated(unsafe) private static let made = LockedValue<[ObjectIdentifier: AnyKeyPath]>.make(
    [:])

  package static func of<Key: DependencyKey>(_ key: Key.Type) -> Of<Key> {
    let id = ObjectIdentifier(key)
    if let path = made.withLock({ $0[id] }) {
      return unsafeDowncast(path, to: Of<Key>.self)
    }
    let path: Of<Key> = \Dependencies.[keyType: KeyTypeIdentity<Key>()]
    let kept = made.withLock { made -> AnyKeyPath in
      if let other = made[id] { return other }
      made[id] = path
      return path
    }
    KnownKeyPaths.record(kept, writes: KeyInfo(key))
    return unsafeDowncast(kept, to: Of<Key>.self)
  }
}

/// A key type as a key-path subscript argument, which must be `Hashable`: equal for one key type,
/// different for two.
struct KeyTypeIdentity<Key: DependencyKey>: Hashable {
  let id = ObjectIdentifier(Key.self)
}

extension Dependencies {
  /// The value of `Key`, through the one component of `KeyTypePath.of(Key.self)`.
  subscript<Key: DependencyKey>(keyType identity: KeyTypeIdentity<Key>) -> Key.Value {
    get { self[Key.self] }
    set { self[Key.self] = newValue }
  }
}
