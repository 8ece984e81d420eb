#if GLOBAL_ENV
  import GlobalFeatureBase
  import GlobalFeedFeature
  import GlobalProfileFeature
  import GlobalSettingsFeature
#else
  import FeatureBase
  import FeedFeature
  import ProfileFeature
  import SettingsFeature
#endif

/// The app: the root of the features' environments.
public final class AppEnvironment: FeatureEnvironment, @unchecked Sendable {
  @DerivedEnvironment<FeedEnvironment> public var feed
  // One backend, two names: the profile's `profileAPI` is the app's `apiClient`.
  @DerivedEnvironment<ProfileEnvironment>(aliases: { $0.alias(\.profileAPI, to: \.apiClient) })
  public var profile
  @DerivedEnvironment<SettingsEnvironment> public var settings
}
