import ComposableEnv
import ComposableEnvTesting
import Testing

/// A key as swift-dependencies spells it: its live value is `liveValue`.
private enum LiveSpelledKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var liveSpelled: String {
    get { self[LiveSpelledKey.self] }
    set { self[LiveSpelledKey.self] = newValue }
  }
}

private final class SpellingEnvironment: ComposableEnvironment {
  @Dependency(\.liveSpelled) var liveSpelled
  @Dependency(LiveSpelledKey.self) var byKey
  @Dependency(\.assert) var assert
  @Dependency(\.fireAndForget) var fireAndForget
  @Dependency(\.preferredLocales) var preferredLocales
  @Dependency(\.assertionFailure) var assertionFailure
}

/// swift-dependencies' key spellings in ComposableEnv: `liveValue` keys, `extension
/// DependencyValues`, and the built-ins it adds, read by `@Dependency`.
@Suite struct SwiftDependenciesKeyTests {
  @Test(.dependencyContext(.live)) func aKeyDeclaringLiveValueReadsItLive() {
    let environment = SpellingEnvironment()
    #expect(environment.liveSpelled == "live")
    #expect(environment.byKey == "live")
  }

  @Test func aKeyDeclaringLiveValueReadsItsTestValueInATest() {
    #expect(withDependencyTestContext { SpellingEnvironment().liveSpelled } == "test")
  }

  @Test func anEnvironmentSetsAPropertyDeclaredOnDependencyValues() {
    let environment = SpellingEnvironment().with(\DependencyValues.liveSpelled, "set")
    #expect(environment.liveSpelled == "set")
  }

  @Test func theBuiltInsSwiftDependenciesAddsAreSetLikeAnyOther() {
    let environment = SpellingEnvironment().with(\.preferredLocales, [])
    #expect(environment.preferredLocales.isEmpty)
  }

  @Test func anAssertionFailureSetOnAnEnvironmentIsTheOneCalled() {
    let environment = SpellingEnvironment().with(\.assertionFailure, SilentAssertionFailure())
    #expect(environment.assertionFailure is SilentAssertionFailure)
  }
}

/// An `assertionFailure` that does nothing.
private struct SilentAssertionFailure: AssertionFailureEffect {
  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt) {}
}
