// Test contexts behave the same in both modules (see README.md beside this file).
import Testing

#if COMPOSABLE_ENV
  import ComposableEnv
  import ComposableEnvTesting
#else
  import GlobalEnv
  import GlobalEnvTesting
#endif

@Suite("Test contexts, either module", .dependencyTestContext)
struct FeatureTestContextTests {
  @Test func aKeyWithATestValueReadsIt() {
    #expect(ShopEnvironment().cart.region == "test region")
  }

  @Test func aValueSetInTheTestWins() {
    isolated {
      #expect(ShopEnvironment().with(\.region, "set").cart.region == "set")
    }
  }

  @Test func readingADependencyWithoutTestValueFailsTheTest() {
    withKnownIssue {
      #expect(ShopEnvironment().cart.currency == "EUR")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("\\Dependencies.currency") }
    }
  }
}
