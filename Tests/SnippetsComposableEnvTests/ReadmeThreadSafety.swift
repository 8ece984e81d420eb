// Compiled copy of a snippet from README.md; keep it identical (SnippetsAreCompiledTests checks).
import ComposableEnv

final class ProfileEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.apiClient) var apiClient
}
