import ClashingNames
import GlobalEnv
import GlobalEnvTesting
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

private struct CompatibleModel {
  @Compatible.Dependency(\.compatibleGreeting) var greeting
}

@Suite("Compatible names")
struct CompatibleNamesTests {
  @Test(.dependencyContext(.live)) func compatibleSpellingsWorkBesideClashingNames() {
    Dependencies.withValues {
      $0.compatibleGreeting = "scoped"
    } operation: {
      #expect(CompatibleModel().greeting == "scoped")
    }
    @ClashingNames.Dependency(OtherLibraryKey.self) var other: Int
    #expect(other == 5)
  }
}
