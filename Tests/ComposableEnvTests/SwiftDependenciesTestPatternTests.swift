import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

/// A client with a live value only, as feature modules declare them.
struct ComposableLiveOnlyClient: Sendable {
  var fetch: @Sendable () -> Int
  var name: @Sendable () -> String
}

// Keys of these tests only, so that no other test's reads interfere.
extension DependencyKeys {
  fileprivate enum LiveOnly: DependencyKey {
    static var defaultValue: ComposableLiveOnlyClient {
      ComposableLiveOnlyClient(fetch: { 1 }, name: { "live" })
    }
  }

  fileprivate enum Previewed: DependencyKey {
    static var defaultValue: Int { 1729 }
    static var previewValue: Int { 42 }
  }
}

extension Dependencies {
  fileprivate var patternLiveOnly: ComposableLiveOnlyClient {
    get { self[DependencyKeys.LiveOnly.self] }
    set { self[DependencyKeys.LiveOnly.self] = newValue }
  }

  fileprivate var patternPreviewed: Int {
    get { self[DependencyKeys.Previewed.self] }
    set { self[DependencyKeys.Previewed.self] = newValue }
  }
}

private final class PatternEnvironment: ComposableEnvironment {
  @Dependency(\.patternLiveOnly) var client
  @Dependency(\.patternPreviewed) var previewed
}

/// Test patterns swift-dependencies users bring, behaving as they do there.
@Suite struct ComposableSwiftDependenciesTestPatternTests {
  /// Any issue reported here fails the test: the read the write makes is not a use.
  @Test(.dependencyTestContext) func overridingPartOfAKeyWithoutTestValueReportsNothing() {
    let environment = PatternEnvironment().with(\.patternLiveOnly.fetch, { 42 })
    #expect(environment.client.fetch() == 42)
  }

  @Test(.dependencyTestContext) func aKeyWithoutTestValueReadsItsPreviewValueInATest() {
    var value = 0
    let messages = recordedIssues { value = PatternEnvironment().previewed }
    #expect(value == 42)
    #expect(messages.count == 1, "the read is still reported: the key has no test value")
  }
}
