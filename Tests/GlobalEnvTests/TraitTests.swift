import GlobalEnv
import GlobalEnvTesting
import Testing

/// Two tests that set different values for one key and run in parallel: each sees its own.
@Suite("Dependencies trait")
struct TraitTests {
  @Test(.dependencies { $0.scopedName = "first" })
  func firstTestSeesItsValue() async {
    for _ in 0..<100 {
      #expect(Reader().scopedName == "first")
      await Task.yield()
    }
  }

  @Test(.dependencies { $0.scopedName = "second" })
  func secondTestSeesItsValue() async {
    for _ in 0..<100 {
      #expect(Reader().scopedName == "second")
      await Task.yield()
    }
  }
}

@Suite("Dependencies trait on a suite", .dependencies { $0.scoped = 42 })
struct SuiteTraitTests {
  @Test func testInSuiteSeesSuiteValue() {
    #expect(FeatureEnvironment().scoped == 42)
  }

  @Test(.dependencies { $0.scoped = 43 })
  func testTraitWinsOverSuiteTrait() {
    #expect(FeatureEnvironment().scoped == 43)
  }
}
