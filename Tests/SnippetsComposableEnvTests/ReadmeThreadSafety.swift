// Compiled copy of snippets from README.md and the DocC article ThreadSafety.md; keep them
// identical (SnippetsAreCompiledTests checks).
import ComposableEnv

final class ProfileEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.apiClient) var apiClient
}

func refresh(_ profile: ProfileEnvironment) async {
  await Task.detached { print(profile.apiClient) }.value
}
