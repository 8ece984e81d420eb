import ComposableEnv
import Testing

// Code written for GlobalEnv (with `struct` turned into `final class`), built against
// ComposableEnv through the deprecated shims. Declarations that use the shims are themselves
// marked deprecated, which keeps this target free of deprecation warnings.

@available(*, deprecated, message: "Exercises the GlobalEnvironment migration shim.")
private final class LegacyAppEnvironment: GlobalEnvironment {
  @Dependency(\.number) var number
  @DerivedEnvironment<LegacyFeatureModel> var feature
}

@available(*, deprecated, message: "Exercises the GlobalDependenciesAccessing migration shim.")
private final class LegacyFeatureModel: GlobalDependenciesAccessing {
  @Dependency(\.number) var number
}

@Suite("Migration shims from GlobalEnv")
struct MigrationShimTests {
  @available(*, deprecated, message: "Exercises the migration shims.")
  @Test func globalEnvironmentShimBuildsATree() {
    let app = LegacyAppEnvironment().with(\.number, 1)
    #expect(app.feature.number == 1)
  }

  @available(*, deprecated, message: "Exercises the migration shims.")
  @Test func valuesNoLongerCrossTreesOrGoUpTheTree() {
    let app = LegacyAppEnvironment().with(\.number, 1)
    app.feature.with(\.number, 2)
    #expect(app.number == 1)
    #expect(app.feature.number == 2)
    #expect(LegacyAppEnvironment().number == 0)
  }
}
