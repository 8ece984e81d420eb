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
@propertyWrapper
public struct Dependency<Value>: Sendable {
  @usableFromInline
  let keyPath: KeyPath<Dependencies, Value> & Sendable

  /// Declares a property that reads the dependency at `keyPath`.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// ```
  public init(_ keyPath: KeyPath<Dependencies, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// The dependency's current value.
  ///
  /// ```swift
  /// let titles = apiClient.fetchTitles()  // reads `wrappedValue`
  /// ```
  ///
  /// Always inlined, so that a read specializes for `Value` in the reading module.
  public var wrappedValue: Value {
    @inlinable @inline(__always) get { GlobalDependencies.read(keyPath) }
  }
}
