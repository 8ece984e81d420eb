import AppDependencies

#if GLOBAL_ENV
  import GlobalFeatureBase
#else
  import FeatureBase
#endif

/// What settings read: the backend, the clock, identifiers and a logger.
public final class SettingsEnvironment: FeatureEnvironment, @unchecked Sendable {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.now) var now
  @Dependency(\.uuid) var uuid
  @Dependency(\.logger) var logger
}
