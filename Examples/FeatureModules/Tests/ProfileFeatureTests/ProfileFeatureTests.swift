import AppDependencies
import ComposableEnvTesting
import Foundation
import ProfileFeature
import Testing

@Suite(.dependencyTestContext)
struct ProfileFeatureTests {
  /// A profile environment with a fixed clock and a backend that knows one user.
  func environment(at time: TimeInterval) -> ProfileEnvironment {
    var api = APIClient.failing
    api.fetchName = { id in id == "1" ? "Grace" : "?" }
    return ProfileEnvironment().with(\.profileAPI, api).with(
      \.now, { Date(timeIntervalSince1970: time) })
  }

  @Test func morningGreeting() async throws {
    // 1970-01-01 09:00 UTC
    #expect(
      try await ProfileModel(environment: environment(at: 9 * 3600)).greeting(for: "1")
        == "Good morning, Grace")
  }

  @Test func afternoonGreeting() async throws {
    #expect(
      try await ProfileModel(environment: environment(at: 15 * 3600)).greeting(for: "1")
        == "Good afternoon, Grace")
  }
}
