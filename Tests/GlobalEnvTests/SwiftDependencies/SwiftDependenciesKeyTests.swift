import GlobalEnv
import GlobalEnvTesting
import Testing

/// A key as swift-dependencies spells it: its live value is `liveValue`.
private enum LiveSpelledKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

/// A key as swift-composable-environment 0.5 spells it: its live value is `defaultValue`.
private enum DefaultSpelledKey: DependencyKey {
  static var defaultValue: String { "default" }
}

/// A key that declares neither spelling: its `Value` comes from its test value, so it compiles,
/// and reading its live value stops the program.
private enum NoLiveValueKey: DependencyKey {
  static var testValue: Int { 0 }
}

extension DependencyValues {
  fileprivate var liveSpelled: String {
    get { self[LiveSpelledKey.self] }
    set { self[LiveSpelledKey.self] = newValue }
  }

  fileprivate var defaultSpelled: String {
    get { self[DefaultSpelledKey.self] }
    set { self[DefaultSpelledKey.self] = newValue }
  }
}

private struct SpellingReader: GlobalDependenciesAccessing {}

/// swift-dependencies' key spellings in GlobalEnv: `liveValue` beside `defaultValue`, and
/// `extension DependencyValues`.
@Suite struct SwiftDependenciesKeyTests {
  @Test func aLiveValueIsTheKeysDefaultValue() {
    #expect(LiveSpelledKey.defaultValue == "live")
  }

  @Test func aDefaultValueIsTheKeysLiveValue() {
    #expect(DefaultSpelledKey.liveValue == "default")
  }

  @Test(.dependencyContext(.live)) func aKeyDeclaringLiveValueReadsItLive() {
    #expect(SpellingReader().liveSpelled == "live")
  }

  @Test(.dependencyContext(.live)) func aKeyDeclaringDefaultValueStillReadsItLive() {
    #expect(SpellingReader().defaultSpelled == "default")
  }

  @Test func aKeyDeclaringLiveValueReadsItsTestValueInATest() {
    #expect(withDependencyTestContext { SpellingReader().liveSpelled } == "test")
  }

  @Test func aKeyPathOfDependencyValuesIsOneOfDependencies() {
    let spelled: WritableKeyPath<Dependencies, String> = \DependencyValues.liveSpelled
    #expect(spelled == \Dependencies.liveSpelled)
  }

  @Test func aScopeSetsAPropertyDeclaredOnDependencyValues() {
    let value = Dependencies.withValues {
      $0.liveSpelled = "set"
    } operation: {
      SpellingReader().liveSpelled
    }
    #expect(value == "set")
  }

  #if compiler(>=6.2)  // exit tests (Swift Testing 6.2)
    @Test func aKeyDeclaringNeitherSpellingStopsNamingItAndBoth() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = NoLiveValueKey.defaultValue
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("NoLiveValueKey declares neither liveValue nor defaultValue"))
      #expect(message.contains("`static let liveValue = …` (swift-dependencies)"))
      #expect(message.contains("`static var defaultValue: Value { … }`"))
    }

    @Test func aKeyDeclaringNeitherSpellingStopsWhenItsLiveValueIsRead() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = NoLiveValueKey.liveValue
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("NoLiveValueKey declares neither liveValue nor defaultValue"))
    }
  #endif
}
