// Compiled copy of a snippet from Migration.md (defaults are computed once); keep it identical
// (SnippetsAreCompiledTests checks).
import ComposableEnv
import ComposableEnvTesting
import Foundation
import Testing

extension DependencyKeys {
  struct Now: DependencyKey {
    static var defaultValue: @Sendable () -> Date { { Date() } }
  }
}

extension Dependencies {
  var now: @Sendable () -> Date {
    get { self[DependencyKeys.Now.self] }
    set { self[DependencyKeys.Now.self] = newValue }
  }
}

final class ClockEnvironment: ComposableEnvironment {
  @Dependency(\.now) var now
}

let stamp = ClockEnvironment().now()  // a new Date on every call

@Suite("Migration.md: a fresh value on each read")
struct FreshDefaultTests {
  @Test(.dependencyContext(.live)) func aFunctionDependencyGivesAFreshValueOnEveryCall() {
    let clock = ClockEnvironment()
    let first = clock.now()
    Thread.sleep(forTimeInterval: 0.002)
    #expect(clock.now() > first)
    #expect(stamp <= Date())
  }
}
