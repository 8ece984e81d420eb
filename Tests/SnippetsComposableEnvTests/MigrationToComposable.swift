// Compiled copy of a snippet from Migration.md; keep it identical (SnippetsAreCompiledTests checks).
import ComposableEnv

final class CatalogEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
  @DerivedEnvironment<ProductEnvironment> var product
}

final class ProductEnvironment: ComposableEnvironment {
  @Dependency(\.apiClient) var apiClient
}

func migrationToComposableTestSetup() {
  let catalog = CatalogEnvironment().with(\.apiClient, .stub)
  _ = catalog
}
