#if GLOBAL_ENV
  import GlobalFeedFeature
  import GlobalProfileFeature
#else
  import FeedFeature
  import ProfileFeature
#endif

/// What the app shows at launch.
public struct Home: Equatable, Sendable {
  public var greeting: String
  public var titles: [String]

  public init(greeting: String, titles: [String]) {
    self.greeting = greeting
    self.titles = titles
  }
}

/// The app's logic: the home screen, from the feed and the profile.
public struct AppModel: Sendable {
  let environment: AppEnvironment

  public init(environment: AppEnvironment) {
    self.environment = environment
  }

  /// Loads the home screen for `userID`.
  public func home(for userID: String) async throws -> Home {
    let greeting = try await ProfileModel(environment: environment.profile).greeting(for: userID)
    let titles = try await FeedModel(environment: environment.feed).titles()
    return Home(greeting: greeting, titles: titles)
  }
}
