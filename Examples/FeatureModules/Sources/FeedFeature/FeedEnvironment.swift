import AppDependencies

#if GLOBAL_ENV
  import GlobalFeatureBase
#else
  import FeatureBase
#endif

/// What the feed reads: the backend and a logger.
public final class FeedEnvironment: FeatureEnvironment, @unchecked Sendable {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.logger) var logger
}
