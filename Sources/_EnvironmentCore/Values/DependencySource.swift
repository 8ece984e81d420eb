import DependencyValues

/// What a `@Dependency` property reads: a `Dependencies` key path (the 0.5-compatible form) or a
/// key type. Both modules' wrappers hold one.
///
/// ```swift
/// let source = DependencySource<APIClient, WritableKeyPath<Dependencies, APIClient>>.keyPath(
///   \.apiClient)
/// let client = source.read(at: node)  // lock-free once cached at `node`
/// ```
///
/// `Path` is the key path's type as the module's wrapper takes it: ComposableEnv's
/// `WritableKeyPath<Dependencies, Value>` (any key path, as in 0.5), GlobalEnv's
/// `any KeyPath<Dependencies, Value> & Sendable` (its wrapper is `Sendable`). Invariant: `Path` is
/// a `KeyPath<Dependencies, Value>`, with or without `Sendable`; the source is `Sendable` when
/// its key path is.
@usableFromInline
package enum DependencySource<Value, Path: AnyObject> {
  case keyPath(Path)
  case key(KeyInfo)

  /// What a cached read looks up, without retaining anything: the key path's identity, or the
  /// key type's (see `Node.read(key:)`).
  @inlinable @inline(__always)
  package var cacheID: ObjectIdentifier {
    switch self {
    case .keyPath(let keyPath): ObjectIdentifier(keyPath)
    case .key(let key): key.id
    }
  }

  /// The value at `node`, lock-free once cached there.
  @inlinable @inline(__always)
  package func read(at node: Node) -> Value {
    if let value = node.cachedValue(for: cacheID, as: Value.self) { return value }
    return readUncached(at: node)
  }

  /// The value at `node` the slow way, cached there for the next read's fast path: the key
  /// path's getter runs, or the key is resolved. Out of line: a property's getter inlines only
  /// the cached read.
  @inlinable @inline(never)
  package func readUncached(at node: Node) -> Value {
    switch self {
    case .keyPath(let keyPath):
      // `Path` is a key path of `Dependencies` to `Value` (the invariant above); checked in debug
      // builds.
      node.readUncached(
        unsafeDowncast(keyPath, to: KeyPath<Dependencies, Value>.self), declared: true)
    case .key(let key): Box<Value>.unbox(node.readUncached(key: key.type))
    }
  }
}

extension DependencySource: Sendable where Path: Sendable {}
