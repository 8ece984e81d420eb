// What the GlobalEnv snippets of Migration.md use without declaring it.
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
