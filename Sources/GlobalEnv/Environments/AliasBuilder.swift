import DependencyValues
import _EnvironmentCore

/// Collects aliases to declare when a derived environment is created.
///
/// You get one in the `aliases` closure of ``DerivedEnvironment``:
///
/// ```swift
/// @DerivedEnvironment<FeedEnvironment>(aliases: {
///   $0.alias(\.feedMainQueue, to: \.mainQueue)
/// })
/// var feed
/// ```
///
/// Several statements declare several aliases, and 0.5's chained form keeps working:
///
/// ```swift
/// @DerivedEnvironment<FeedEnvironment>(aliases: {
///   $0.alias(\.feedMainQueue, to: \.mainQueue)
///   $0.alias(\.feedClock, to: \.clock)
/// })
/// var feed
/// ```
///
/// It differs from ComposableEnv's `AliasBuilder` in what a declaration is: here a `@Sendable`
/// closure that aliases in the scope current when the environment is created (so the builder is
/// `Sendable` and takes `Sendable` key paths), there one applied to the new environment (taking
/// any key path, as 0.5 did).
@resultBuilder
public struct AliasBuilder<Environment>: Sendable {
  /// The declarations, applied in order when the environment is created.
  var declarations: [@Sendable () -> Void] = []

  /// Combines the builders of the statements of an `aliases` closure: each statement's aliases,
  /// in order. (Each statement starts from the closure's empty builder.)
  ///
  /// ```swift
  /// { $0.alias(\.feedMainQueue, to: \.mainQueue); $0.alias(\.feedClock, to: \.clock) }
  /// ```
  public static func buildBlock(_ statements: AliasBuilder...) -> AliasBuilder {
    AliasBuilder(declarations: statements.flatMap(\.declarations))
  }

  /// Adds an alias, declared when the derived environment is created, like
  /// ``GlobalDependenciesAccessing/aliasing(_:to:fileID:line:)-(WritableKeyPath<Dependencies,Value>,_,_,_)`` at that moment: process-wide, or for the
  /// `withValues` scope the creation runs in.
  ///
  /// ```swift
  /// $0.alias(\.feedMainQueue, to: \.mainQueue)
  /// ```
  public func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value> & Sendable,
    to reference: WritableKeyPath<Dependencies, Value> & Sendable,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    let site = AliasSite(fileID: fileID, line: line)
    return AliasBuilder(
      declarations: declarations + [
        { GlobalDependencies.writeTarget.alias(dependency, to: reference, at: site) }
      ])
  }

  /// Declares the dependency at `dependency` an alias of the dependency of `reference`.
  ///
  /// ```swift
  /// @DerivedEnvironment<ProfileEnvironment>(aliases: { $0.alias(\.profileAPI, to: APIClient.self) })
  /// var profile
  /// ```
  public func alias<Key: DependencyKey>(
    _ dependency: WritableKeyPath<Dependencies, Key.Value> & Sendable, to reference: Key.Type,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    alias(dependency, to: KeyTypePath.of(reference), fileID: fileID, line: line)
  }

  /// Declares the dependency of `dependency` an alias of the dependency at `reference`.
  ///
  /// ```swift
  /// @DerivedEnvironment<FeedEnvironment>(aliases: { $0.alias(FeedAPI.self, to: \.apiClient) })
  /// var feed
  /// ```
  public func alias<Key: DependencyKey>(
    _ dependency: Key.Type, to reference: WritableKeyPath<Dependencies, Key.Value> & Sendable,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    alias(KeyTypePath.of(dependency), to: reference, fileID: fileID, line: line)
  }

  /// Declares the dependency of `dependency` an alias of the dependency of `reference`.
  ///
  /// ```swift
  /// @DerivedEnvironment<FeedEnvironment>(aliases: {
  ///   $0.alias(DependencyKeys.FeedLogger.self, to: DependencyKeys.Logger.self)
  /// })
  /// var feed
  /// ```
  public func alias<Dependency: DependencyKey, Reference: DependencyKey>(
    _ dependency: Dependency.Type, to reference: Reference.Type,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self where Dependency.Value == Reference.Value {
    alias(KeyTypePath.of(dependency), to: KeyTypePath.of(reference), fileID: fileID, line: line)
  }
}
