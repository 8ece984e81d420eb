import AppDependencies
import AppFeature
import ComposableEnvTesting
import FeedFeature
import Foundation
import SettingsFeature
import Testing

@Suite(.dependencyTestContext)
struct AppFeatureTests {
  /// A backend that answers every read.
  // `nonisolated`: read by the `.dependencies` trait's closure, off the main actor.
  nonisolated static let api: APIClient = {
    var api = APIClient.failing
    api.fetchPosts = { [Post(title: "Hi", published: Date(timeIntervalSince1970: 0))] }
    api.fetchName = { _ in "Ada" }
    return api
  }()

  @Test func theHomeScreenComesFromBothFeatures() async throws {
    let app = AppEnvironment().with(\.apiClient, Self.api).with(
      \.now, { Date(timeIntervalSince1970: 8 * 3600) })
    let home = try await AppModel(environment: app).home(for: "1")
    #expect(home == Home(greeting: "Good morning, Ada", titles: ["Hi"]))
  }

  @Test func theProfilesBackendIsTheAppsThroughTheAlias() async throws {
    let app = AppEnvironment().with(\.apiClient, Self.api)
    #expect(try await app.profile.profileAPI.fetchName("1") == "Ada")
  }

  @Test func anOverrideOnTheFeedStaysInTheFeed() async throws {
    var feedAPI = Self.api
    feedAPI.fetchName = { _ in "feed only" }
    let app = AppEnvironment().with(\.apiClient, Self.api)
    app.feed.with(\.apiClient, feedAPI)
    #expect(try await app.feed.apiClient.fetchName("1") == "feed only")
    #expect(try await app.profile.profileAPI.fetchName("1") == "Ada")
    #expect(try await app.settings.apiClient.fetchName("1") == "Ada")
  }

  @Test func aLoggerSetOnSettingsCountsOnlySettings() async throws {
    let counted = Counter()
    var api = Self.api
    api.saveSetting = { _, _ in }
    let app = AppEnvironment().with(\.apiClient, api)
    app.settings
      .with(\.logger, AppLogger { _ in counted.increment() })
      .with(\.uuid, { UUID() })
      .with(\.now, { Date() })
    _ = try await FeedModel(environment: app.feed).titles()
    _ = try await SettingsModel(environment: app.settings).toggle("sync", isOn: false)
    #expect(counted.value == 1)
  }
}

/// A thread-safe count. `nonisolated`: the logger stub calls it off the main actor.
nonisolated final class Counter: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var count = 0

  var value: Int { lock.withLock { count } }
  func increment() { lock.withLock { count += 1 } }
}
