import AppDependencies

#if GLOBAL_ENV
  import GlobalFeatureBase
#else
  import FeatureBase
#endif

// The profile team named the backend `profileAPI` before the app had a shared one: the app
// aliases it to `apiClient` (see AppEnvironment).
extension DependencyKeys {
  public struct ProfileAPI: DependencyKey {
    public static var defaultValue: APIClient { .live }
    public static var testValue: APIClient { .failing }
  }
}

nonisolated extension Dependencies {
  /// The backend, as the profile feature calls it.
  public var profileAPI: APIClient {
    get { self[DependencyKeys.ProfileAPI.self] }
    set { self[DependencyKeys.ProfileAPI.self] = newValue }
  }
}

/// What the profile reads: its backend and the clock.
public final class ProfileEnvironment: FeatureEnvironment, @unchecked Sendable {
  @Dependency(\.profileAPI) var profileAPI
  @Dependency(\.now) var now
}
