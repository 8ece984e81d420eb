// Declared in each module, for each names its own wrapper (the other is
// GlobalEnv's, a top-level type).
extension Compatible {
  /// This module's ``ComposableEnvironment/Dependency`` property wrapper, spelled so that it cannot clash with another
  /// library's `@Dependency` (such as pointfreeco's `Dependencies`).
  ///
  /// ```swift
  /// final class FeedEnvironment: ComposableEnvironment {
  ///   @Compatible.Dependency(\.apiClient) var apiClient
  /// }
  /// ```
  public typealias Dependency<Value> = ComposableEnvironment.Dependency<Value>
}
