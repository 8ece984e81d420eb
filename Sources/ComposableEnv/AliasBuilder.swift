import DependencyValues
import _EnvironmentCore

/// Collects aliases to declare on a derived environment when it is created.
///
/// You get one in the `aliases` closure of ``ComposableEnvironment/DerivedEnvironment``:
///
/// ```swift
/// @DerivedEnvironment<FeedEnvironment>(aliases: {
///   $0.alias(\.feedMainQueue, to: \.mainQueue)
///     .alias(\.feedClock, to: \.clock)
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
/// It differs from GlobalEnv's `AliasBuilder` in what a declaration is: here one applied to the
/// new environment (taking any key path, as 0.5 did), there a `@Sendable` closure that aliases in
/// the scope current when the environment is created (taking `Sendable` key paths).
@resultBuilder
public struct AliasBuilder<Environment> {
  /// The declarations, applied in order to the new environment.
  var declarations: [(ComposableEnvironment) -> Void] = []

  /// Combines the builders of the statements of an `aliases` closure: each statement's aliases,
  /// in order. (Each statement starts from the closure's empty builder.)
  ///
  /// ```swift
  /// { $0.alias(\.feedMainQueue, to: \.mainQueue); $0.alias(\.feedClock, to: \.clock) }
  /// ```
  public static func buildBlock(_ statements: AliasBuilder...) -> AliasBuilder {
    AliasBuilder(declarations: statements.flatMap(\.declarations))
  }

  /// Adds an alias: on the derived environment and its descendants, `dependency` and `reference`
  /// are one dependency, with `reference`'s default. See
  /// ``ComposableEnvironment/aliasing(_:to:fileID:line:)-(WritableKeyPath<Dependencies,Value>,_,_,_)``.
  ///
  /// ```swift
  /// $0.alias(\.feedMainQueue, to: \.mainQueue)
  /// ```
  public func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    AliasBuilder(
      declarations: declarations + [
        { $0.aliasing(dependency, to: reference, fileID: fileID, line: line) }
      ])
  }

  /// Declares the dependency at `dependency` an alias of the dependency of `reference`.
  ///
  /// ```swift
  /// @DerivedEnvironment<ProfileEnvironment>(aliases: { $0.alias(\.profileAPI, to: APIClient.self) })
  /// var profile
  /// ```
  public func alias<Key: DependencyKey>(
    _ dependency: WritableKeyPath<Dependencies, Key.Value>, to reference: Key.Type,
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
    _ dependency: Key.Type, to reference: WritableKeyPath<Dependencies, Key.Value>,
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
