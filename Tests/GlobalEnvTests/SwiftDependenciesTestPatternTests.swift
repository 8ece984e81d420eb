import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// A client with a live value only, as feature modules declare them.
struct LiveOnlyClient: Sendable {
  var fetch: @Sendable () -> Int
  var name: @Sendable () -> String
}

// Keys of these tests only, so that no other test's reads interfere.
extension DependencyKeys {
  fileprivate enum LiveOnly: DependencyKey {
    static var defaultValue: LiveOnlyClient { LiveOnlyClient(fetch: { 1 }, name: { "live" }) }
  }

  fileprivate enum Previewed: DependencyKey {
    static var defaultValue: Int { 1729 }
    static var previewValue: Int { 42 }
  }
}

extension Dependencies {
  fileprivate var patternLiveOnly: LiveOnlyClient {
    get { self[DependencyKeys.LiveOnly.self] }
    set { self[DependencyKeys.LiveOnly.self] = newValue }
  }

  fileprivate var patternPreviewed: Int {
    get { self[DependencyKeys.Previewed.self] }
    set { self[DependencyKeys.Previewed.self] = newValue }
  }
}

private struct PatternReader: GlobalDependenciesAccessing {}

/// Test patterns swift-dependencies users bring, behaving as they do there.
@Suite struct SwiftDependenciesTestPatternTests {
  /// Any issue reported here fails the test: the read the update makes is not a use.
  @Test(.dependencyTestContext) func overridingPartOfAKeyWithoutTestValueReportsNothing() {
    let fetched = Dependencies.withValues {
      $0.patternLiveOnly.fetch = { 42 }
    } operation: {
      PatternReader().patternLiveOnly.fetch()
    }
    #expect(fetched == 42)
  }

  @Test(.dependencyTestContext) func readingAKeyWithoutTestValueOutsideAnUpdateIsStillReported() {
    let messages = recordedIssues { _ = PatternReader().patternLiveOnly.name() }
    #expect(messages.count == 1)
  }

  @Test(.dependencyTestContext) func aKeyWithoutTestValueReadsItsPreviewValueInATest() {
    var value = 0
    let messages = recordedIssues { value = PatternReader().patternPreviewed }
    #expect(value == 42)
    #expect(messages.count == 1, "the read is still reported: the key has no test value")
  }
}
