import DependencyValues
import _EnvironmentCore

/// Dependencies named by their key type: the short form, for a type that is its own key
/// (`struct APIClient: DependencyKey`), with no `Dependencies` property to declare. Every key
/// works this way, and reads the same value as the key paths whose accessors use it.
///
/// GlobalEnv's `GlobalDependenciesAccessing` declares the same members, each one call into the
/// core as here. They differ in where they read and write: here this environment's node (for it
/// and its descendants), there the current `withValues` scope or the process-wide values.
extension ComposableEnvironment {
  /// Reads or sets the dependency of `key` on this environment.
  ///
  /// Setting has the same effect as ``with(_:_:)-(Key.Type,_)``: the value applies to this
  /// environment and its descendants.
  ///
  /// ```swift
  /// environment[APIClient.self] = .mock
  /// let client = environment[APIClient.self]
  /// ```
  ///
  /// `fileID`, `filePath`, `line` and `column` are where a test failure of the read is recorded:
  /// leave them to their defaults, the line of the read.
  public subscript<Key: DependencyKey>(
    _ key: Key.Type, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Key.Value {
    @inlinable get {
      node.read(
        key: key, from: ReadSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    set { node.write(key: key, newValue) }
  }

  /// Sets the dependency of `key` for this environment and all its descendants, present and
  /// future, as ``with(_:_:)-(_,Value)`` does for a key path.
  ///
  /// ```swift
  /// let app = AppEnvironment()
  ///   .with(APIClient.self, .mock)
  /// ```
  @discardableResult
  public func with<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) -> Self {
    node.write(key: key, value)
    return self
  }

  /// Makes the dependency at `dependency` and the dependency of `reference` one dependency, for
  /// this environment and its descendants (see ``aliasing(_:to:fileID:line:)-(WritableKeyPath<Dependencies,Value>,_,_,_)``).
  ///
  /// ```swift
  /// let app = AppEnvironment()
  ///   .aliasing(\.profileAPI, to: APIClient.self)
  /// ```
  @discardableResult
  public func aliasing<Key: DependencyKey>(
    _ dependency: WritableKeyPath<Dependencies, Key.Value>, to reference: Key.Type,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    aliasing(dependency, to: KeyTypePath.of(reference), fileID: fileID, line: line)
  }

  /// Makes the dependency of `dependency` and the dependency at `reference` one dependency, for
  /// this environment and its descendants; with neither set, both read `reference`'s default.
  ///
  /// ```swift
  /// let feed = FeedEnvironment()
  ///   .aliasing(FeedAPI.self, to: \.apiClient)
  /// ```
  @discardableResult
  public func aliasing<Key: DependencyKey>(
    _ dependency: Key.Type, to reference: WritableKeyPath<Dependencies, Key.Value>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    aliasing(KeyTypePath.of(dependency), to: reference, fileID: fileID, line: line)
  }

  /// Makes the dependencies of two keys of one value type one dependency, for this environment
  /// and its descendants; with neither set, both read `reference`'s default.
  ///
  /// ```swift
  /// let app = AppEnvironment()
  ///   .aliasing(DependencyKeys.FeedLogger.self, to: DependencyKeys.Logger.self)
  /// ```
  @discardableResult
  public func aliasing<Dependency: DependencyKey, Reference: DependencyKey>(
    _ dependency: Dependency.Type, to reference: Reference.Type,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self where Dependency.Value == Reference.Value {
    aliasing(KeyTypePath.of(dependency), to: KeyTypePath.of(reference), fileID: fileID, line: line)
  }

  /// Where the value of `key` at this environment comes from: which environment set it, or the
  /// default.
  ///
  /// ```swift
  /// print(feed.provenance(of: APIClient.self))
  /// // APIClient = APIClient(…), set on AppEnvironment
  /// ```
  public func provenance<Key: DependencyKey>(of key: Key.Type) -> DependencyProvenance {
    node.provenance(of: KeyInfo(key), origin: provenanceOrigin)
  }
}
