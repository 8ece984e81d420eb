import Foundation
import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

private struct LocalesReader: GlobalDependenciesAccessing {}

/// The built-in `preferredLocales`: the user's preferred languages until set.
@Suite struct PreferredLocalesTests {
  @Test(.dependencyContext(.live)) func liveTheyAreTheUsersPreferredLanguages() {
    let expected = Locale.preferredLanguages.map { Locale(identifier: $0) }
    #expect(LocalesReader().preferredLocales == expected)
  }

  @Test func aScopeSetsTheList() {
    let locales = Dependencies.withValues {
      $0.preferredLocales = [Locale(identifier: "fr_FR"), Locale(identifier: "de_DE")]
    } operation: {
      LocalesReader().preferredLocales
    }
    #expect(locales.map(\.identifier) == ["fr_FR", "de_DE"])
  }

  @Test func readingThemInATestWithoutSettingThemFailsNamingThem() {
    let messages = recordedIssues {
      _ = withDependencyTestContext { LocalesReader().preferredLocales }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("preferredLocales") == true)
  }
}
