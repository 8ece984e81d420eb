// Compiled copy of a snippet from README.md; keep it identical (SnippetsAreCompiledTests checks).
import ComposableEnv

// 1. Declare a dependency, like a SwiftUI environment key.
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

// 2. Subclass and derive.
final class AppEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
  @DerivedEnvironment<FeedEnvironment> var feed
  @DerivedEnvironment<SettingsEnvironment> var settings
}
final class FeedEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
}
final class SettingsEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
}

func readmeQuickstart() {
  // 3. Override where you need to: a node and its descendants, nothing else.
  let app = AppEnvironment()
  app.settings.with(\.apiClient, .stub)

  print(app.feed.apiClient)  // live: the default
  print(app.settings.apiClient)  // stub: set on settings
  print(app.apiClient)  // live: the parent is untouched
}
