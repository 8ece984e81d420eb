import ClashingNames
import ComposableEnv
import Testing

// swift-composable-environment 0.5's other public names, as its users wrote them.

private final class LegacyNamesEnvironment: ComposableEnvironment {
  @ComposableEnvironmentDependency(\.number) var number
  @DerivedEnvironment<FeatureEnvironment>(aliases: nil) var feature
  @DerivedEnvironment(aliases: nil) var preset = FeatureEnvironment().with(\.number, 9)
}

@available(*, deprecated, message: "Exercises 0.5's deprecated ComposableDependencies name.")
extension ComposableDependencies {
  fileprivate var legacyNumber: Int {
    get { self[DependencyKeys.Number.self] }
    set { self[DependencyKeys.Number.self] = newValue }
  }
}

@Suite("Names kept from swift-composable-environment 0.5")
struct LegacyNamesTests {
  @Test func composableEnvironmentDependencyReadsLikeDependency() {
    let environment = LegacyNamesEnvironment().with(\.number, 3)
    #expect(environment.number == 3)
    @ClashingNames.Dependency(ClashingKey.self) var other: Int
    #expect(other == 5)
  }

  @Test func derivedEnvironmentWithNilAliasesIsAPlainCachedChild() {
    let environment = LegacyNamesEnvironment().with(\.number, 4)
    #expect(environment.feature.number == 4)
    #expect(environment.feature === environment.feature)
    #expect(environment.preset.number == 9)
  }

  @available(*, deprecated, message: "Exercises 0.5's deprecated ComposableDependencies name.")
  @Test func composableDependenciesIsDependencies() {
    #expect(ComposableDependencies.self == Dependencies.self)
    let environment = LegacyNamesEnvironment().with(\.legacyNumber, 6)
    #expect(environment.number == 6)
  }
}

private struct ClashingKey: ClashingNames.DependencyKey {
  static var liveValue: Int { 5 }
}
