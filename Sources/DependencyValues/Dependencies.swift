/// The values of all dependencies, as seen from one place in a tree of environments.
///
/// `Dependencies` is opaque: you never create one. You extend it with a computed property per
/// dependency, and environments use those properties' key paths (`\.mainQueue`) to read and set
/// values:
///
/// ```swift
/// extension Dependencies {
///   var apiClient: APIClient {
///     get { self[DependencyKeys.APIClient.self] }
///     set { self[DependencyKeys.APIClient.self] = newValue }
///   }
/// }
///
/// let environment = AppEnvironment().with(\.apiClient, .mock)
/// ```
nonisolated public struct Dependencies: Sendable {
  @usableFromInline let storage: any DependencyStorage

  /// Wraps the storage that an environment module resolves reads and writes against.
  package init(storage: any DependencyStorage) {
    self.storage = storage
  }

  /// Reads or writes the value of the dependency identified by `key`.
  ///
  /// Use this subscript inside the computed property that exposes a dependency:
  ///
  /// ```swift
  /// extension Dependencies {
  ///   var logger: Logger {
  ///     get { self[DependencyKeys.Logger.self] }
  ///     set { self[DependencyKeys.Logger.self] = newValue }
  ///   }
  /// }
  /// ```
  @inlinable
  public subscript<Key: TestDependencyKey>(_ key: Key.Type) -> Key.Value {
    get { storage.value(for: key) }
    // Boxed here, inlined where `Key` is known (see `Box`).
    set { storage.setValue(Box(newValue), for: key) }
  }
}
