// What the GlobalEnv snippets of Migration.md and the articles use without declaring it.
import GlobalEnv

extension DependencyKeys {
  struct APIClientKey: DependencyKey {
    static var defaultValue: APIClient { .live }
  }
}

extension Dependencies {
  var apiClient: APIClient {
    get { self[DependencyKeys.APIClientKey.self] }
    set { self[DependencyKeys.APIClientKey.self] = newValue }
  }
}

/// The feature model of the Testing articles' GlobalEnv snippets.
struct FeedModel {
  @Dependency(\.apiClient) var apiClient
  func titles() -> [String] { apiClient.fetchTitles() }
}
