import DependencyValues

/// Collects aliases to declare on a derived environment when it is created.
///
/// You get one in the `aliases` closure of ``DerivedEnvironment``:
///
/// ```swift
/// @DerivedEnvironment<FeedEnvironment>(aliases: {
///   $0.alias(\.feedMainQueue, to: \.mainQueue)
///     .alias(\.feedClock, to: \.clock)
/// })
/// var feed
/// ```
public struct AliasBuilder<Environment> {
  /// The declarations, applied in order to the new environment.
  private(set) var declarations: [(ComposableEnvironment) -> Void] = []

  init() {}

  /// Adds an alias: on the derived environment and its descendants, `dependency` and `reference`
  /// are one dependency, with `reference`'s default. See
  /// ``ComposableEnvironment/aliasing(_:to:)``.
  ///
  /// ```swift
  /// $0.alias(\.feedMainQueue, to: \.mainQueue)
  /// ```
  public func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>
  ) -> Self {
    var builder = self
    builder.declarations.append { $0.aliasing(dependency, to: reference) }
    return builder
  }
}
