import DependencyValues

/// What a `@Dependency` property reads: a `Dependencies` key path (the 0.5-compatible form), or a
/// key type. Both modules' wrappers hold one.
///
/// ```swift
/// let source = DependencySource<APIClient, KeyPath<Dependencies, APIClient>>.keyPath(\.apiClient)
/// let client = source.read(at: node, from: site)  // lock-free once cached at `node`
/// ```
///
/// `Path` is the key path's type as the module's wrapper takes it: ComposableEnv's
/// `KeyPath<Dependencies, Value>`, GlobalEnv's `any KeyPath<Dependencies, Value> & Sendable` (its
/// wrapper is `Sendable`). Invariant: `Path` is a `KeyPath<Dependencies, Value>`, with or without
/// `Sendable`; the source is `Sendable` when its key path is.
@usableFromInline
package enum DependencySource<Value, Path: AnyObject> {
  /// A key path: of one component, its result is cached at each node it is read at; of several
  /// (`\.date.now`, into a dependency's value), its getters run at each read (see
  /// `Node.readProjecting(_:from:)`). The shape is looked at on the slow path only, so that
  /// declaring a property costs no more than holding its key path.
  case keyPath(Path)
  /// A key path whose getters run at each read, whatever its own shape: `@Dependency(_:as:)`'s
  /// cast of a key path of several components (see `projecting(_:ifShapedAs:)`).
  case projection(Path)
  case key(KeyInfo)

  /// The source that reads `keyPath` as `shape` is read: projected at each read when `shape` has
  /// several components, as `\.date.now` does.
  ///
  /// ```swift
  /// let source = DependencySource.projecting(castPath, ifShapedAs: \Dependencies.date.now)
  /// ```
  package static func projecting(_ keyPath: Path, ifShapedAs shape: AnyKeyPath) -> Self {
    KeyPathShape.hasSeveralComponents(shape) ? .projection(keyPath) : .keyPath(keyPath)
  }

  /// What a cached read looks up, without retaining anything: the key path's identity, or the
  /// key type's (see `Node.read(key:)`). A projected key path's result is never cached under its
  /// identity: its lookup misses, and the read goes on as `readUncached(at:from:)`.
  @inlinable @inline(__always)
  package var cacheID: ObjectIdentifier {
    switch self {
    case .keyPath(let keyPath), .projection(let keyPath): ObjectIdentifier(keyPath)
    case .key(let key): key.id
    }
  }

  /// The value at `node`, lock-free once cached there; a test failure of the read is recorded at
  /// `site`, where the property was declared.
  @inlinable @inline(__always)
  package func read(at node: Node, from site: ReadSite) -> Value {
    if let value = node.cachedValue(for: cacheID, as: Value.self) { return value }
    return readUncached(at: node, from: site)
  }

  /// The value at `node` the slow way, cached there for the next read's fast path (but a
  /// projected key path's): the key path's getters run, or the key is resolved, as a read written
  /// at `site`. Out of line: a property's getter inlines only the cached read.
  @inlinable @inline(never)
  package func readUncached(at node: Node, from site: ReadSite) -> Value {
    switch self {
    case .keyPath(let path):
      // `Path` is a key path of `Dependencies` to `Value` (the invariant above); checked in debug
      // builds.
      let keyPath = unsafeDowncast(path, to: KeyPath<Dependencies, Value>.self)
      return KeyPathShape.hasSeveralComponents(keyPath)
        ? node.readProjecting(keyPath, from: site)
        : node.readUncached(keyPath, from: site)
    case .projection(let path):
      return node.readProjecting(
        unsafeDowncast(path, to: KeyPath<Dependencies, Value>.self), from: site)
    case .key(let key):
      return Box<Value>.unbox(node.readUncached(key: key.type, from: site))
    }
  }
}

extension DependencySource: Sendable where Path: Sendable {}
