/// The values of all dependencies, as seen from one place in a tree of environments.
///
/// You extend it with a computed property per dependency, and environments use those properties'
/// key paths (`\.mainQueue`) to read and set values (swift-dependencies' name for it,
/// ``DependencyValues``, names the same type):
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
  /// An environment's storage (its reads and writes are the environment's), or a
  /// `StandaloneStorage`, which is a value: copies of a `Dependencies()` do not share writes.
  @usableFromInline var storage: any DependencyStorage

  /// Wraps the storage that an environment module resolves reads and writes against.
  package init(storage: any DependencyStorage) { self.storage = storage }

  /// A set of values of its own, outside any environment, as swift-dependencies'
  /// `DependencyValues()`: nothing is set, and a key that is not set reads its value for the
  /// value's `context`: its test value in a test context, its preview value in a preview, its
  /// live value otherwise (see `StandaloneStorage`). Writes stay in the value: copies do not
  /// share them.
  ///
  /// ```swift
  /// var values = DependencyValues()
  /// values.date = .constant(Date(timeIntervalSince1970: 0))
  /// values.date.now  // 1970-01-01
  /// ```
  public init() { self.init(storage: StandaloneStorage()) }

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
  ///
  /// `function` is the property whose getter reads the key, which a test failure of the read
  /// names (`\Dependencies.logger`): leave it to its default, as with swift-dependencies.
  /// `fileID`, `filePath`, `line` and `column` are where such a failure is recorded when the read
  /// is not part of one that says (a `@Dependency` declaration, `environment[\.logger]`): a read
  /// of a `DependencyValues()` of its own. swift-dependencies declares the same arguments, and a
  /// helper that reads on behalf of its caller passes its caller's:
  ///
  /// ```swift
  /// func logger(fileID: StaticString = #fileID, line: UInt = #line) -> Logger {
  ///   DependencyValues()[LoggerKey.self, fileID: fileID, line: line]
  /// }
  /// ```
  @inlinable
  public subscript<Key: TestDependencyKey>(
    _ key: Key.Type, fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath, line line: UInt = #line,
    column column: UInt = #column, function function: StaticString = #function
  ) -> Key.Value {
    get {
      ReadTrace.readingProperty(
        function, at: ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
      ) { storage.value(for: key) }
    }
    // Boxed here, inlined where `Key` is known (see `Box`).
    set { storage.setValue(Box(newValue), for: key) }
  }
}
