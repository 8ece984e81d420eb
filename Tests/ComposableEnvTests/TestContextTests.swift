import ComposableEnv
import ComposableEnvTesting
import Foundation
import TestSupport
import Testing

// Keys of these tests only, so that no other test's reads interfere.
extension DependencyKeys {
  fileprivate enum Unset: DependencyKey {
    static var defaultValue: String { "live" }
  }

  fileprivate enum Tested: DependencyKey {
    static var defaultValue: String { "live" }
    static var testValue: String { "test" }
  }

  fileprivate enum Client: DependencyKey {
    static var defaultValue: CounterClient { CounterClient(count: { 42 }, fetch: { "live \($0)" }) }
    static var testValue: CounterClient { .failing }
  }

  fileprivate enum Greeting: DependencyKey {
    static var defaultValue: String { "hello" }
    // A test value of its own, built from another key's fallback test value.
    static var testValue: String { "greeting, \(DependencyKeys.Unset.testValue)" }
  }
}

extension Dependencies {
  fileprivate var contextUnset: String {
    get { self[DependencyKeys.Unset.self] }
    set { self[DependencyKeys.Unset.self] = newValue }
  }

  fileprivate var contextTested: String {
    get { self[DependencyKeys.Tested.self] }
    set { self[DependencyKeys.Tested.self] = newValue }
  }

  fileprivate var contextClient: CounterClient {
    get { self[DependencyKeys.Client.self] }
    set { self[DependencyKeys.Client.self] = newValue }
  }

  fileprivate var contextGreeting: String {
    get { self[DependencyKeys.Greeting.self] }
    set { self[DependencyKeys.Greeting.self] = newValue }
  }
}

/// A client made of closures, the shape `unimplemented` is for.
struct CounterClient: Sendable {
  var count: @Sendable () -> Int
  var fetch: @Sendable (Int) async throws -> String

  static let failing = CounterClient(
    count: unimplemented("CounterClient.count", placeholder: -1),
    fetch: unimplemented("CounterClient.fetch"))
}

private final class ContextRoot: ComposableEnvironment {
  @DerivedEnvironment var feed: ContextFeed
}

private final class ContextFeed: ComposableEnvironment {
  @Dependency(\.contextUnset) var unset
}

/// `ContextFeed`, shareable with a detached task.
private final class SharedContextFeed: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.contextUnset) var unset
}

@Suite struct TestContextTests {
  @Test func aFailureRaisedOnADetachedTaskIsRecordedOnTheTestWhoseContextMadeTheEnvironment()
    async
  {
    let messages = await recordedIssuesAsync {
      await withDependencyTestContext {
        let environment = SharedContextFeed()
        // No test is current on a detached task: the failure is held for this test, and
        // recorded in its scope when the context ends (inside `recordedIssuesAsync`).
        await Task.detached { _ = environment.unset }.value
      }
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        nameOfRead("\\Dependencies.contextUnset", key: "DependencyKeys.Unset")) == true)
  }

  @Test func aFailureRaisedOnAnotherThreadIsRecordedOnTheTestWhoseContextMadeTheEnvironment()
    async
  {
    let messages = await recordedIssuesAsync {
      await withDependencyTestContext {
        let environment = SharedContextFeed()
        await withCheckedContinuation { continuation in
          Thread.detachNewThread {
            _ = environment.unset
            continuation.resume()
          }
        }
      }
    }
    #expect(messages.count == 1)
  }

  @Test(.dependencyTestContext) func aMissingTestValueIsReportedAtTheLineThatReadsIt() {
    let environment = ContextRoot()
    var line = 0
    let locations = recordedIssueLocations {
      line = #line + 1
      _ = environment[\.contextUnset]
    }
    #expect(locations.count == 1)
    #expect(locations.first??.fileName == "TestContextTests.swift")
    #expect(locations.first??.line == line)
  }

  @Test(.dependencyTestContext) func readingAnUnsetDependencyWithoutTestValueFailsNamingIt() {
    let environment = ContextRoot()
    var value = ""
    let messages = recordedIssues { value = environment.feed.unset }
    #expect(value == "live")
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(
      message.contains(nameOfRead("\\Dependencies.contextUnset", key: "DependencyKeys.Unset")))
    #expect(message.contains("DependencyKeys.Unset"))
    #expect(message.contains("ContextRoot → ContextFeed"))
    #expect(message.contains("with(\\.contextUnset"))
    #expect(message.contains("static var testValue: String"))
  }

  @Test(.dependencyTestContext) func aKeyWithATestValueReadsIt() {
    #expect(ContextRoot().contextTested == "test")
  }

  @Test(.dependencyTestContext) func anOverrideWinsOverTheTestValue() {
    let environment = ContextRoot().with(\.contextTested, "set").with(\.contextUnset, "set")
    #expect(environment.feed.contextTested == "set")
    #expect(environment.feed.unset == "set")
  }

  @Test(.dependencyTestContext) func aTestValueBuiltFromAnotherKeysFallbackCountsAsDeclared() {
    #expect(ContextRoot().contextGreeting == "greeting, live")
  }

  @Test(.dependencyTestContext) func aMissingTestValueIsReportedOncePerTestAndKey() {
    let messages = recordedIssues {
      let first = ContextRoot()
      _ = first.feed.unset
      _ = first.contextUnset
      _ = ContextRoot().feed.unset
    }
    #expect(messages.count == 1)
  }

  @Test(.dependencyContext(.live)) func inALiveContextDefaultsAreLiveAndNothingIsReported() {
    let environment = ContextRoot()
    #expect(environment.feed.unset == "live")
    #expect(environment.contextTested == "live")
  }

  @Test func outsideAnyTestContextATestProcessReadsTestValuesAndReports() {
    let environment = ContextRoot()
    let messages = recordedIssues { _ = environment.feed.unset }
    #expect(environment.contextTested == "test")
    #expect(messages.count == 1)
    #expect(messages.first?.contains("DependencyKeys.Unset") == true)
  }

  @Test func aRootMadeOnAThreadOfItsOwnInATestProcessReadsTestValues() async {
    let value = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: ContextRoot().contextTested) }
    }
    #expect(value == "test")
  }

  @Test func parallelContextsEachReportAndReadTheirOwnValues() async {
    let messages = await recordedIssuesAsync {
      await withTaskGroup(of: String.self) { group in
        for _ in 0..<4 {
          group.addTask {
            withDependencyTestContext {
              let environment = ContextRoot()
              return environment.feed.unset + "/" + environment.contextTested
            }
          }
        }
        for await value in group { #expect(value == "live/test") }
      }
    }
    #expect(messages.count == 4)
  }

  @Test func anEnvironmentBelongsToTheContextItWasCreatedIn() {
    let outside = withDependencyContext(.live) { ContextRoot() }
    let inside = withDependencyTestContext { ContextRoot() }
    withDependencyTestContext {
      #expect(outside.feed.contextTested == "live")
    }
    #expect(inside.feed.contextTested == "test")
  }

  @Test(.dependencyTestContext)
  func anUnimplementedEndpointFailsNamingItselfAndReturnsThePlaceholder() {
    let client = ContextRoot().contextClient
    var count = 0
    let messages = recordedIssues { count = client.count() }
    #expect(count == -1)
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Unimplemented: CounterClient.count was called") == true)
  }

  @Test(.dependencyTestContext) func anUnimplementedThrowingEndpointFailsAndThrows() async {
    let client = ContextRoot().contextClient
    let messages = await recordedIssuesAsync {
      await #expect(throws: UnimplementedEndpoint.self) {
        _ = try await client.fetch(7)
      }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("CounterClient.fetch was called with (7)") == true)
  }

  @Test(.dependencyTestContext) func overridingOneEndpointLeavesTheOthersUnimplemented() {
    var client = CounterClient.failing
    client.count = { 3 }
    let environment = ContextRoot().with(\.contextClient, client)
    #expect(environment.feed.contextClient.count() == 3)
  }
}
