/// An environment whose dependencies are process-wide: the `GlobalEnv` counterpart of
/// `ComposableEnvironment`, usable from a struct or a class.
///
/// ```swift
/// struct AppEnvironment: GlobalEnvironment {
///   @Dependency(\.apiClient) var apiClient
///   @DerivedEnvironment<FeedEnvironment> var feed
/// }
///
/// AppEnvironment().with(\.apiClient, .live)
/// AppEnvironment().feed.apiClient  // .live: every environment sees the same values
/// ```
public protocol GlobalEnvironment: GlobalDependenciesAccessing {
  /// Creates the environment. Its dependencies are the process-wide ones.
  init()
}
