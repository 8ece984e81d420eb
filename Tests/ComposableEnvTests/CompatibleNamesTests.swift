import ClashingNames
import ComposableEnv
import ComposableEnvTesting
import Testing

// With a second library that declares `DependencyKey` and `@Dependency`, the unqualified names
// are ambiguous; the `Compatible` spellings are not.
extension DependencyKeys {
  struct CompatibleGreeting: Compatible.DependencyKey {
    static var defaultValue: String { "compatible" }
  }
}

extension Dependencies {
  var compatibleGreeting: String {
    get { self[DependencyKeys.CompatibleGreeting.self] }
    set { self[DependencyKeys.CompatibleGreeting.self] = newValue }
  }
}

private struct OtherLibraryKey: ClashingNames.DependencyKey {
  static var liveValue: Int { 5 }
}

private final class CompatibleEnvironment: ComposableEnvironment {
  @Compatible.Dependency(\.compatibleGreeting) var greeting
}

@Suite("Compatible names")
struct CompatibleNamesTests {
  @Test(.dependencyContext(.live)) func compatibleSpellingsWorkBesideClashingNames() {
    let environment = CompatibleEnvironment()
    #expect(environment.greeting == "compatible")
    environment.with(\.compatibleGreeting, "set")
    #expect(environment.greeting == "set")
    @ClashingNames.Dependency(OtherLibraryKey.self) var other: Int
    #expect(other == 5)
  }
}
