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
  /// ``init(_:fileID:filePath:line:column:)-(Key.Type,_,_,_,_)``).
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
    @usableFromInline package let source: DependencySource<Value, KeyPath<Dependencies, Value>>

    /// Where the property is declared: where a test failure of its reads is recorded. Three
    /// words (see `ReadSite`).
    @usableFromInline let site: ReadSite

    /// Declares a property that reads the dependency at `keyPath`, or a value within it.
    ///
    /// ```swift
    /// @Dependency(\.uuid) var uuid
    /// @Dependency(\.date.now) var now  // the date of now, at each read
    /// @Dependency(\.apiClient.fetch) var fetch
    /// ```
    ///
    /// A key path of one component (`\.uuid`) is read once per environment and write, and
    /// cached; one that goes on into the dependency's value (`\.date.now`) runs its getters at
    /// each read, on the dependency's cached value, as swift-dependencies does: `now` is a new
    /// date at each read of a live generator. The last components may be read-only.
    ///
    /// `fileID`, `filePath`, `line` and `column` are where a test failure of the property's reads
    /// is recorded: leave them to their defaults, the property's declaration.
    @inlinable
    public init(
      _ keyPath: KeyPath<Dependencies, Value>, fileID: StaticString = #fileID,
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
    /// final class FeedEnvironment: ComposableEnvironment {
    ///   @Dependency(APIClient.self) var apiClient
    /// }
    /// ```
    ///
    /// A read is as fast as a key path's, and the value is the key's: what the nearest environment
    /// set with ``ComposableEnvironment/with(_:_:)-(Key.Type,_)``, or the key's default. The key
    /// may be a `TestDependencyKey` only (a module's interface, whose live value the app adds):
    /// a test reads its test value; a read elsewhere, with no live value added, its test value
    /// too, said once on standard error.
    @inlinable
    public init<Key: TestDependencyKey>(
      _ key: Key.Type, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
      line: UInt = #line, column: UInt = #column
    ) where Key.Value == Value {
      source = .key(KeyInfo(key))
      site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Declares a property that reads the dependency at `keyPath` as the concrete type a test
    /// set it to, as swift-dependencies' initializer of that name does.
    ///
    /// ```swift
    /// final class ClockTestEnvironment: ComposableEnvironment {
    ///   @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock
    /// }
    /// let environment = ClockTestEnvironment().with(\.continuousClock, TestClock())
    /// await environment.clock.advance(by: .seconds(1))
    /// ```
    ///
    /// A value of another type stops the program with a message that says what to set.
    public init<Base>(
      _ keyPath: KeyPath<Dependencies, Base>, as type: Value.Type, fileID: StaticString = #fileID,
      filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
      source = .projecting(DependencyCast.keyPath(keyPath, as: type), ifShapedAs: keyPath)
      site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Declares a property that reads the dependency of `key` as the concrete type a test set it
    /// to, as swift-dependencies' initializer of that name does.
    ///
    /// ```swift
    /// final class TestEnvironment: ComposableEnvironment {
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
    public var wrappedValue: Value { fatalError("unavailable") }

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
    /// steps are `DependencySource.read(at:from:)`'s, on the source in place, so that a cached
    /// read does not copy (retain) the key path.
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
        return environment[keyPath: storageKeyPath].source.readUncached(
          at: node, from: environment[keyPath: storageKeyPath].site)
      }
    }
  }
}
