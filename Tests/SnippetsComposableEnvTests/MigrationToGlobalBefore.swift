// Compiled copy of a snippet from Migration.md; keep it identical (SnippetsAreCompiledTests checks).
import ComposableEnv

final class StoreEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
  @DerivedEnvironment<BasketEnvironment> var basket
}

final class BasketEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
}
