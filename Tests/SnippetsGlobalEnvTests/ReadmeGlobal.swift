// Compiled copy of a snippet from README.md; keep it identical (SnippetsAreCompiledTests checks).
import GlobalEnv
import GlobalEnvTesting
import Testing

struct FeedModel {
  @Dependency(\.apiClient) var apiClient
  func titles() -> [String] { apiClient.fetchTitles() }
}

@Test(.dependencies { $0.apiClient = .stub })
func showsStubbedTitles() {
  #expect(FeedModel().titles() == ["Stubbed post"])
}

// Without the trait:
let titles = Dependencies.withValues {
  $0.apiClient = .stub
} operation: {
  FeedModel().titles()
}
