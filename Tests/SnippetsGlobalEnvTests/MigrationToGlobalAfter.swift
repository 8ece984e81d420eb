// Compiled copy of a snippet from Migration.md; keep it identical (SnippetsAreCompiledTests checks).
import GlobalEnv

struct StoreEnvironment: GlobalEnvironment {
  @Dependency(\.apiClient) var apiClient
  @DerivedEnvironment<BasketEnvironment> var basket
}

struct BasketEnvironment: GlobalEnvironment {
  @Dependency(\.apiClient) var apiClient
}
