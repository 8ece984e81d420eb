import DependencyValues

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
public struct AliasBuilder<Environment>: Sendable {
  /// The declarations, applied in order when the environment is created.
  private(set) var declarations: [@Sendable () -> Void] = []

  init() {}

  /// Adds an alias, declared when the derived environment is created, like
  /// ``GlobalDependenciesAccessing/aliasing(_:to:)`` at that moment: process-wide, or for the
  /// `withValues` scope the creation runs in.
  ///
  /// ```swift
  /// $0.alias(\.feedMainQueue, to: \.mainQueue)
  /// ```
  public func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value> & Sendable,
    to reference: WritableKeyPath<Dependencies, Value> & Sendable
  ) -> Self {
    var builder = self
    builder.declarations.append { GlobalDependencies.current.alias(dependency, to: reference) }
    return builder
  }
}
