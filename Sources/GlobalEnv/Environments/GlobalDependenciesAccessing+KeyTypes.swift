import DependencyValues
import _EnvironmentCore

/// Dependencies named by their key type: the short form, for a type that is its own key
/// (`struct APIClient: DependencyKey`), with no `Dependencies` property to declare. Every key
/// works this way, and reads the same value as the key paths whose accessors use it.
///
/// ComposableEnv's `ComposableEnvironment` declares the same members, each one call into the
/// core as here. They differ in where they read and write: here the current `withValues` scope
/// or the process-wide values, there the environment's node (for it and its descendants).
extension GlobalDependenciesAccessing {
  /// Reads or sets the process-wide dependency of `key` (inside a
  /// ``Dependencies/withValues(_:operation:)`` scope, reads see the scope's value first).
  ///
  /// ```swift
  /// environment[APIClient.self] = .live
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
      GlobalDependencies.read(
        key: key, from: ReadSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    nonmutating set { GlobalDependencies.writeTarget.write(key: key, newValue) }
  }

  /// Sets the dependency of `key` for the process (or for the current
  /// ``Dependencies/withValues(_:operation:)`` scope), as ``with(_:_:)-(_,Value)``
  /// does for a key path.
  ///
  /// ```swift
  /// let app = AppEnvironment()
  ///   .with(APIClient.self, .live)
  /// ```
  @discardableResult
  public func with<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) -> Self {
    GlobalDependencies.writeTarget.write(key: key, value)
    return self
  }

  /// Makes the dependency at `dependency` and the dependency of `reference` one dependency.
  ///
  /// ```swift
  /// AppEnvironment().aliasing(\.profileAPI, to: APIClient.self)
  /// ```
  @discardableResult
  public func aliasing<Key: DependencyKey>(
    _ dependency: WritableKeyPath<Dependencies, Key.Value>, to reference: Key.Type,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    aliasing(dependency, to: KeyTypePath.of(reference), fileID: fileID, line: line)
  }

  /// Makes the dependency of `dependency` and the dependency at `reference` one dependency; with
  /// neither set, both read `reference`'s default.
  ///
  /// ```swift
  /// AppEnvironment().aliasing(FeedAPI.self, to: \.apiClient)
  /// ```
  @discardableResult
  public func aliasing<Key: DependencyKey>(
    _ dependency: Key.Type, to reference: WritableKeyPath<Dependencies, Key.Value>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    aliasing(KeyTypePath.of(dependency), to: reference, fileID: fileID, line: line)
  }

  /// Makes the dependencies of two keys of one value type one dependency; with neither set, both
  /// read `reference`'s default.
  ///
  /// ```swift
  /// AppEnvironment().aliasing(DependencyKeys.FeedLogger.self, to: DependencyKeys.Logger.self)
  /// ```
  @discardableResult
  public func aliasing<Dependency: DependencyKey, Reference: DependencyKey>(
    _ dependency: Dependency.Type, to reference: Reference.Type,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self where Dependency.Value == Reference.Value {
    aliasing(KeyTypePath.of(dependency), to: KeyTypePath.of(reference), fileID: fileID, line: line)
  }

  /// Where the value of `key` comes from: process-wide, a scope, or the default.
  ///
  /// ```swift
  /// print(AppEnvironment().provenance(of: APIClient.self))
  /// ```
  public func provenance<Key: DependencyKey>(of key: Key.Type) -> DependencyProvenance {
    GlobalDependencies.current.provenance(of: KeyInfo(key), origin: GlobalDependencies.origin)
  }
}
