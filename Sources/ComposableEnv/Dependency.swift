import DependencyValues
import _EnvironmentCore

extension ComposableEnvironment {
  /// Exposes one dependency of the enclosing ``ComposableEnvironment`` as a property.
  ///
  /// The value is the one set on the nearest environment, from this one up to the root, or the
  /// key's default:
  ///
  /// ```swift
  /// final class FeedEnvironment: ComposableEnvironment {
  ///   @Dependency(\.apiClient) var apiClient
  ///   @Dependency(\.mainQueue) var mainQueue
  /// }
  /// ```
  ///
  /// A type that is its own key needs no key path: `@Dependency(APIClient.self)` (see
  /// ``init(_:)-(Key.Type)``).
  ///
  /// The property is read-only; set values with ``ComposableEnvironment/with(_:_:)-(_,Value)``. Reads are
  /// cached per environment, so a repeated read takes no lock: one lookup of a few nanoseconds.
  ///
  /// The wrapper is a member of ``ComposableEnvironment``, so that `@Dependency` names it inside an
  /// environment class and, anywhere else, names a wrapper that only says, at the property's line,
  /// that the property belongs in an environment (``Dependency``).
  @propertyWrapper
  public struct Dependency<Value> {
    /// What the property reads: a key path or a key type. Two words, as a key path and its
    /// identity were: an environment's size does not grow with the form its properties use.
    @usableFromInline let source: DependencySource<Value, WritableKeyPath<Dependencies, Value>>

    /// Declares a property that reads the dependency at `keyPath`.
    ///
    /// ```swift
    /// @Dependency(\.uuid) var uuid
    /// ```
    public init(_ keyPath: WritableKeyPath<Dependencies, Value>) {
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
    /// final class FeedEnvironment: ComposableEnvironment {
    ///   @Dependency(APIClient.self) var apiClient
    /// }
    /// ```
    ///
    /// A read is as fast as a key path's, and the value is the key's: what the nearest environment
    /// set with ``ComposableEnvironment/with(_:_:)-(Key.Type,_)``, or the key's default.
    public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
      source = .key(KeyInfo(key))
    }

    /// Unavailable: `@Dependency` needs a key path that can also be set.
    ///
    /// ```swift
    /// extension Dependencies { var version: String { "1.0" } }  // no setter
    /// @Dependency(\.version) var version  // error: needs a writable key path
    /// ```
    @available(
      *, unavailable,
      message: """
        @Dependency needs a writable key path: give the Dependencies property a setter \
        (`set { self[Key.self] = newValue }`) so that environments can override it.
        """
    )
    public init(_ keyPath: KeyPath<Dependencies, Value>) {
      fatalError("unavailable")
    }

    /// Unavailable: a `@Dependency` reads from the environment that declares it.
    ///
    /// ```swift
    /// struct FeedView { @Dependency(\.apiClient) var apiClient }  // error: not an environment
    /// ```
    @available(
      *, unavailable,
      message: """
        @Dependency can only be declared in a subclass of ComposableEnvironment (or, with \
        `import GlobalEnv`, in any type). Move the property into your environment class.
        """
    )
    public var wrappedValue: Value {
      fatalError("unavailable")
    }

    /// Reads the dependency from the environment that declares the property.
    ///
    /// Called by the compiler for `@Dependency` properties of ``ComposableEnvironment`` subclasses:
    ///
    /// ```swift
    /// final class FeedEnvironment: ComposableEnvironment {
    ///   @Dependency(\.apiClient) var apiClient
    /// }
    /// FeedEnvironment().apiClient  // reads through this subscript
    /// ```
    ///
    /// Always inlined into the property's getter, where `storageKeyPath` is a literal: the compiler
    /// then reads the wrapper's fields directly instead of applying a key path at run time. The
    /// steps are `DependencySource.read(at:)`'s, on the source in place, so that a cached read
    /// does not copy (retain) the key path.
    @inlinable
    public static subscript<Environment: ComposableEnvironment>(
      _enclosingInstance environment: Environment,
      wrapped wrappedKeyPath: KeyPath<Environment, Value>,
      storage storageKeyPath: ReferenceWritableKeyPath<Environment, Self>
    ) -> Value {
      @inline(__always) get {
        let node = environment.node
        let id = environment[keyPath: storageKeyPath].source.cacheID
        if let value = node.cachedValue(for: id, as: Value.self) { return value }
        return environment[keyPath: storageKeyPath].source.readUncached(at: node)
      }
    }
  }
}
