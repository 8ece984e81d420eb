import AppDependencies
import Foundation
import GlobalAppFeature
import GlobalEnvTesting
import Testing

/// The same app, built against GlobalEnv: values are process-wide, so each test sets them in a
/// scope of its own (the `.dependencies` trait) inside a test context.
@Suite(.dependencyTestContext)
struct GlobalAppFeatureTests {
  // `nonisolated`: read by the `.dependencies` trait's closure, off the main actor.
  nonisolated static let api: APIClient = {
    var api = APIClient.failing
    api.fetchPosts = { [Post(title: "Global", published: Date(timeIntervalSince1970: 0))] }
    api.fetchName = { _ in "Lin" }
    return api
  }()

  @Test(
    .dependencies {
      $0.apiClient = GlobalAppFeatureTests.api
      $0.now = { Date(timeIntervalSince1970: 20 * 3600) }
    })
  func theHomeScreenComesFromBothFeatures() async throws {
    let home = try await AppModel(environment: AppEnvironment()).home(for: "1")
    #expect(home == Home(greeting: "Good afternoon, Lin", titles: ["Global"]))
  }

  @Test(.dependencies { $0.apiClient = GlobalAppFeatureTests.api })
  func theProfilesBackendIsTheAppsThroughTheAlias() async throws {
    // Aliases are process-wide in GlobalEnv: declared when the app's environment derives the
    // profile's.
    let app = AppEnvironment()
    #expect(try await app.profile.profileAPI.fetchName("1") == "Lin")
  }

  @Test func withoutValuesTheTestFailsNamingTheDependency() async {
    await withKnownIssue {
      _ = try? await AppModel(environment: AppEnvironment()).home(for: "1")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("APIClient.fetchName was called") }
    }
  }
}
