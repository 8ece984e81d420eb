// Declared in each module, for each names its own wrapper (the other is
// ComposableEnv's, a member of `ComposableEnvironment`).
extension Compatible {
  /// This module's ``Dependency`` property wrapper, spelled so that it cannot clash with another
  /// library's `@Dependency` (such as pointfreeco's `Dependencies`).
  ///
  /// ```swift
  /// struct FeedModel {
  ///   @Compatible.Dependency(\.apiClient) var apiClient
  /// }
  /// ```
  public typealias Dependency<Value> = GlobalEnv.Dependency<Value>
}
