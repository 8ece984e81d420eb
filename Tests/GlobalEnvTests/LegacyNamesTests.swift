import ClashingNames
import GlobalEnv
import Testing

// swift-composable-environment 0.5's other public names, as its users wrote them. Values are set
// in `withValues` scopes, which keep parallel tests apart.

private struct LegacyNamesEnvironment: GlobalEnvironment {
  @ComposableEnvironmentDependency(\.counter) var counter
  @DerivedEnvironment<FeatureEnvironment>(aliases: nil) var feature
  @DerivedEnvironment(aliases: nil) var preset = FeatureEnvironment()
}

@available(*, deprecated, message: "Exercises 0.5's deprecated ComposableDependencies name.")
extension ComposableDependencies {
  fileprivate var legacyCounter: Int {
    get { self[DependencyKeys.Counter.self] }
    set { self[DependencyKeys.Counter.self] = newValue }
  }
}

@Suite("Names kept from swift-composable-environment 0.5")
struct LegacyNamesTests {
  @Test func composableEnvironmentDependencyReadsLikeDependency() {
    Dependencies.withValues {
      $0.counter = 3
    } operation: {
      #expect(LegacyNamesEnvironment().counter == 3)
    }
    @ClashingNames.Dependency(ClashingKey.self) var other: Int
    #expect(other == 5)
  }

  @Test func derivedEnvironmentWithNilAliasesIsAPlainChild() {
    Dependencies.withValues {
      $0.counter = 4
    } operation: {
      let environment = LegacyNamesEnvironment()
      #expect(environment.feature.counter == 4)
      #expect(environment.preset.counter == 4)
    }
  }

  @available(*, deprecated, message: "Exercises 0.5's deprecated ComposableDependencies name.")
  @Test func composableDependenciesIsDependencies() {
    #expect(ComposableDependencies.self == Dependencies.self)
    Dependencies.withValues {
      $0.legacyCounter = 6
    } operation: {
      #expect(LegacyNamesEnvironment().counter == 6)
    }
  }
}

private struct ClashingKey: ClashingNames.DependencyKey {
  static var liveValue: Int { 5 }
}
