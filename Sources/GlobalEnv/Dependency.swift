import DependencyValues
import _EnvironmentCore

/// Exposes one process-wide dependency as a property, in any type.
///
/// ```swift
/// struct FeedModel {
///   @Dependency(\.apiClient) var apiClient
///   @Dependency(\.mainQueue) var mainQueue
/// }
/// ```
///
/// The value is the one set with `with(_:_:)` (inside a ``Dependencies/withValues(_:operation:)``
/// scope, the scope's value first), or the key's default. Reads are cached, so a repeated read
/// takes no lock: one atomic load and one lookup outside a scope.
///
/// A type that is its own key needs no key path: `@Dependency(APIClient.self)` (see
/// ``init(_:)-(Key.Type)``).
@propertyWrapper
public struct Dependency<Value>: Sendable {
  @usableFromInline let source: Source

  /// Declares a property that reads the dependency at `keyPath`.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// ```
  public init(_ keyPath: KeyPath<Dependencies, Value> & Sendable) {
    source = .keyPath(keyPath)
  }

  /// Declares a property that reads the dependency of `key`, such as a client type that is its
  /// own key: the short form, with no `Dependencies` property to write.
  ///
  /// ```swift
  /// struct APIClient: DependencyKey, Sendable {
  ///   var fetch: @Sendable () -> [String]
  ///   static var defaultValue: APIClient { APIClient { ["live"] } }
  /// }
  ///
  /// struct FeedModel {
  ///   @Dependency(APIClient.self) var apiClient
  /// }
  /// ```
  public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
    source = .key(KeyInfo(key))
  }

  /// The dependency's current value.
  ///
  /// ```swift
  /// let titles = apiClient.fetchTitles()  // reads `wrappedValue`
  /// ```
  ///
  /// Always inlined, so that a read specializes for `Value` in the reading module.
  public var wrappedValue: Value {
    @inlinable @inline(__always) get { GlobalDependencies.read(source) }
  }

  /// What the property reads: a `Dependencies` key path (the 0.5-compatible form) or a key type.
  @usableFromInline
  enum Source: Sendable {
    case keyPath(KeyPath<Dependencies, Value> & Sendable)
    case key(KeyInfo)

    /// What a cached read looks up, without retaining anything: the key path's identity, or the
    /// key type's (see `Node.read(key:)`).
    @inlinable @inline(__always)
    var cacheID: ObjectIdentifier {
      switch self {
      case .keyPath(let keyPath): ObjectIdentifier(keyPath)
      case .key(let key): key.id
      }
    }

    /// The value at `node`, lock-free once cached there.
    @inlinable @inline(__always)
    func read(at node: Node) -> Value {
      if let value = node.cachedValue(for: cacheID, as: Value.self) { return value }
      return readUncached(at: node)
    }

    /// The value at `node` the slow way, cached there for the next read's fast path: the key
    /// path's getter runs, or the key is resolved.
    @inlinable @inline(never)
    func readUncached(at node: Node) -> Value {
      switch self {
      case .keyPath(let keyPath): node.readUncached(keyPath)
      case .key(let key): Box<Value>.unbox(node.readUncached(key: key.type))
      }
    }
  }
}
