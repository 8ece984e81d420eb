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
/// A property made inside a `withValues` scope keeps that scope: the value holding it reads the
/// scope's values later too, from any task or thread (values set in the scope where it is read
/// win), as swift-dependencies' `@Dependency` does:
///
/// ```swift
/// let model = Dependencies.withValues { $0.apiClient = .mock } operation: { FeedModel() }
/// DispatchQueue.global().async { model.apiClient.fetch() }  // the mock
/// ```
///
/// A type that is its own key needs no key path: `@Dependency(APIClient.self)` (see
/// ``init(_:)-(Key.Type)``).
@propertyWrapper
public struct Dependency<Value>: Sendable {
  /// What the property reads: a key path or a key type. Unlike ComposableEnv's wrapper, whose
  /// key path may be any `WritableKeyPath` (as in 0.5), this one's is `Sendable`, as the wrapper is.
  @usableFromInline
  let source: DependencySource<Value, any KeyPath<Dependencies, Value> & Sendable>

  /// The `withValues` scope in which the value holding this property was made, if any: reads go
  /// through it, from any task or thread, the values of the scope where they happen winning.
  @usableFromInline
  let scope: GlobalDependencies.Scope?

  /// Declares a property that reads the dependency at `keyPath`.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// ```
  public init(_ keyPath: KeyPath<Dependencies, Value> & Sendable) {
    source = .keyPath(keyPath)
    scope = GlobalDependencies.capturedScope
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
    scope = GlobalDependencies.capturedScope
  }

  /// The dependency's current value.
  ///
  /// ```swift
  /// let titles = apiClient.fetchTitles()  // reads `wrappedValue`
  /// ```
  ///
  /// Always inlined, so that a read specializes for `Value` in the reading module.
  public var wrappedValue: Value {
    @inlinable @inline(__always) get { GlobalDependencies.read(source, capturedIn: scope) }
  }
}
