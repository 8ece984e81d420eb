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
/// ``init(_:fileID:filePath:line:column:)-(Key.Type,_,_,_,_)``).
@propertyWrapper
public struct Dependency<Value>: Sendable {
  /// What the property reads: a key path or a key type. Unlike ComposableEnv's wrapper, whose
  /// key path may be any key path (as in 0.5), this one's is `Sendable`, as the wrapper is.
  @usableFromInline
  package let source: DependencySource<Value, any KeyPath<Dependencies, Value> & Sendable>

  /// The `withValues` scope in which the value holding this property was made, if any: reads go
  /// through it, from any task or thread, the values of the scope where they happen winning.
  @usableFromInline let scope = GlobalDependencies.capturedScope

  /// Where the property is declared: where a test failure of its reads is recorded (see
  /// `ReadSite`).
  @usableFromInline let site: ReadSite

  /// Declares a property that reads the dependency at `keyPath`, or a value within it.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// @Dependency(\.date.now) var now  // the date of now, at each read
  /// @Dependency(\.apiClient.fetch) var fetch
  /// ```
  ///
  /// A key path of one component (`\.uuid`) is read once per scope and write, and cached; one
  /// that goes on into the dependency's value (`\.date.now`) runs its getters at each read, on
  /// the dependency's cached value, as swift-dependencies does: `now` is a new date at each read
  /// of a live generator. The last components may be read-only.
  ///
  /// `fileID`, `filePath`, `line` and `column` are where a test failure of the property's reads
  /// is recorded: leave them to their defaults, the property's declaration.
  @inlinable
  public init(
    _ keyPath: any KeyPath<Dependencies, Value> & Sendable, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    source = .keyPath(keyPath)
    site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
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
  ///
  /// The key may be a `TestDependencyKey` only (a module's interface, whose live value the app
  /// adds), as with swift-dependencies: a test reads its test value; a read elsewhere, with no
  /// live value added, its test value too, said once on standard error.
  @inlinable
  public init<Key: TestDependencyKey>(
    _ key: Key.Type, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where Key.Value == Value {
    source = .key(KeyInfo(key))
    site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Declares a property that reads the dependency at `keyPath` as the concrete type a test set
  /// it to, as swift-dependencies' initializer of that name does.
  ///
  /// ```swift
  /// @Suite(.dependencies { $0.continuousClock = TestClock() })
  /// struct FeatureTests {
  ///   @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock
  /// }
  /// ```
  ///
  /// A value of another type stops the program with a message that says what to set.
  public init<Base>(
    _ keyPath: any KeyPath<Dependencies, Base> & Sendable, as type: Value.Type,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    source = .projecting(DependencyCast.keyPath(keyPath, as: type), ifShapedAs: keyPath)
    site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Declares a property that reads the dependency of `key` as the concrete type a test set it
  /// to, as swift-dependencies' initializer of that name does.
  ///
  /// ```swift
  /// @Suite(.dependencies { $0[ClientKey.self] = TestClient() })
  /// struct FeatureTests {
  ///   @Dependency(ClientKey.self, as: TestClient.self) var client
  /// }
  /// ```
  ///
  /// A value of another type stops the program with a message that says what to set.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type, as type: Value.Type, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    source = .keyPath(DependencyCast.keyPath(of: key, as: type))
    site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The dependency's current value.
  ///
  /// ```swift
  /// let titles = apiClient.fetchTitles()  // reads `wrappedValue`
  /// ```
  ///
  /// Always inlined, so that a read specializes for `Value` in the reading module.
  public var wrappedValue: Value {
    @inlinable @inline(__always) get {
      GlobalDependencies.read(source, capturedIn: scope, from: site)
    }
  }
}
