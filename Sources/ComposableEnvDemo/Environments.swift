import ComposableEnv

final class AppEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.clock) var clock
  @Dependency(\.logger) var logger
  // The feed domain calls the logger `feedLogger`: make both names one dependency there.
  @DerivedEnvironment<FeedEnvironment>(aliases: { $0.alias(\.feedLogger, to: \.logger) })
  var feed
  // Settings is previewed against a stub backend and a frozen clock.
  @DerivedEnvironment var settings = SettingsEnvironment()
    .with(\.apiClient, .stub)
    .with(\.clock, .frozen(at: "09:41"))
}

final class FeedEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.feedLogger) var feedLogger
  @DerivedEnvironment<PostEnvironment> var post
}

final class PostEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.clock) var clock
  @Dependency(\.feedLogger) var feedLogger
}

final class SettingsEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.clock) var clock
  @Dependency(\.logger) var logger
}
