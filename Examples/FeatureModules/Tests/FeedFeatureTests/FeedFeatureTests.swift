import AppDependencies
import ComposableEnv
import ComposableEnvTesting
import FeedFeature
import Foundation
import Testing

/// A logger that counts what it is given.
final class CountingLogger: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var messages: [String] = []

  var logged: [String] { lock.withLock { messages } }

  var logger: AppLogger {
    AppLogger { message in self.lock.withLock { self.messages.append(message) } }
  }
}

@Suite(.dependencyTestContext)
struct FeedFeatureTests {
  @Test func titlesAreNewestFirst() async throws {
    var api = APIClient.failing
    api.fetchPosts = {
      [
        Post(title: "old", published: Date(timeIntervalSince1970: 1)),
        Post(title: "new", published: Date(timeIntervalSince1970: 2)),
      ]
    }
    let feed = FeedEnvironment().with(\.apiClient, api)
    #expect(try await FeedModel(environment: feed).titles() == ["new", "old"])
  }

  @Test func loadingLogsThePostCount() async throws {
    var api = APIClient.failing
    api.fetchPosts = { [] }
    let logger = CountingLogger()
    let feed = FeedEnvironment().with(\.apiClient, api).with(\.logger, logger.logger)
    _ = try await FeedModel(environment: feed).titles()
    #expect(logger.logged == ["loaded 0 posts"])
  }

  @Test func aBackendFailureIsThrown() async {
    struct Offline: Error {}
    var api = APIClient.failing
    api.fetchPosts = { throw Offline() }
    let feed = FeedEnvironment().with(\.apiClient, api)
    await #expect(throws: Offline.self) { try await FeedModel(environment: feed).titles() }
  }

  @Test func withoutAStubTheTestFailsNamingTheEndpoint() async {
    await withKnownIssue {
      await #expect(throws: UnimplementedEndpoint(endpoint: "APIClient.fetchPosts")) {
        try await FeedModel(environment: FeedEnvironment()).titles()
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("APIClient.fetchPosts was called") }
    }
  }
}
