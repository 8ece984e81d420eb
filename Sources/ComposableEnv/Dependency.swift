import DependencyValues
import _EnvironmentCore

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
/// The property is read-only; set values with ``ComposableEnvironment/with(_:_:)``. Reads are
/// cached per environment, so a repeated read takes no lock: one lookup of a few nanoseconds.
@propertyWrapper
public struct Dependency<Value> {
  @usableFromInline let keyPath: WritableKeyPath<Dependencies, Value>
  /// The key path's identity: what a cached read compares, without retaining the key path.
  @usableFromInline let keyPathID: ObjectIdentifier

  /// Declares a property that reads the dependency at `keyPath`.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// ```
  public init(_ keyPath: WritableKeyPath<Dependencies, Value>) {
    self.keyPath = keyPath
    keyPathID = ObjectIdentifier(keyPath)
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
  /// then reads the wrapper's fields directly instead of applying a key path at run time.
  @inlinable
  public static subscript<Environment: ComposableEnvironment>(
    _enclosingInstance environment: Environment,
    wrapped wrappedKeyPath: KeyPath<Environment, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Environment, Self>
  ) -> Value {
    @inline(__always) get {
      let node = environment.node
      let id = environment[keyPath: storageKeyPath].keyPathID
      if let value = node.cachedValue(for: id, as: Value.self) { return value }
      return node.readUncached(environment[keyPath: storageKeyPath].keyPath)
    }
  }
}
