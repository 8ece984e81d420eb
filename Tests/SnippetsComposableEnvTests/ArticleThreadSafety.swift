// Compiled copy of a snippet from the DocC article ThreadSafety.md; keep it identical
// (SnippetsAreCompiledTests checks).
import ComposableEnv

final class ProfileEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.apiClient) var apiClient
}

func refresh(_ profile: ProfileEnvironment) async {
  await Task.detached { print(profile.apiClient) }.value
}

final class SettingsEnvironment: ComposableEnvironment, @unchecked Sendable {}
