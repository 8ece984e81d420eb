import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// The spellings of one concept run one implementation: each behaviour test runs against every
/// spelling (swift-dependencies' free function, this library's `Dependencies` member, and
/// swift-dependencies' name qualified by its module's, `Dependencies.withDependencies`).
@Suite struct SpellingEquivalenceTests {
  @Test(arguments: ScopeSpelling.allCases)
  func anObjectWithoutDependencyPropertiesCarriesTheValuesOfTheScopeThatReturnedIt(
    _ scope: ScopeSpelling
  ) {
    let made = scope {
      $0.spelledNumber = 41
    } operation: {
      PlainObject()
    }
    for from in FromSpelling.allCases {
      #expect(from(made) { SpelledModel().number } == 41, "made with \(scope), read with \(from)")
    }
  }

  @Test(arguments: ScopeSpelling.allCases)
  func anUpdatesValuesAreAValueThatAssigningBackRestores(_ scope: ScopeSpelling) {
    let number = scope {
      let saved = $0
      $0.spelledNumber = 1
      $0.spelledName = "changed"
      $0 = saved
    } operation: {
      (SpelledModel().number, SpelledModel().name)
    }
    #expect(number == (0, "default"))
  }

  @Test(arguments: ScopeSpelling.allCases)
  func aCopyOfAnUpdatesValuesDoesNotSeeLaterWrites(_ scope: ScopeSpelling) {
    let copied = Shared(-1)
    let number = scope {
      $0.spelledNumber = 1
      let copy = $0
      $0.spelledNumber = 2
      copied.value = copy.spelledNumber
    } operation: {
      SpelledModel().number
    }
    #expect(copied.value == 1)
    #expect(number == 2)
  }

  @Test(arguments: EscapeSpelling.allCases)
  func escapedValuesCarryTheScopeIntoWorkOutsideTheTask(_ escape: EscapeSpelling) {
    let escaped = withDependencies {
      $0.spelledNumber = 7
    } operation: {
      escape()
    }
    #expect(escaped.yield { SpelledModel().number } == 7)
  }

  // A live value is computed once per test context: each spelling reads in a context of its own.

  @Test func aTestOnlyKeyReadInALiveContextIsReportedByKeyPath() {
    for scope in ScopeSpelling.allCases {
      let messages = recordedIssues {
        withDependencyTestContext {
          _ = scope {
            $0.context = .live
          } operation: {
            SpelledTestOnlyReader().client.name
          }
        }
      }
      #expect(messages.count == 1, "\(scope)")
      #expect(
        messages.first?.contains("SpelledTestOnlyClient has no live implementation") == true,
        "\(scope)")
      #expect(messages.first?.contains("DependencyKey") == true, "\(scope)")
    }
  }

  @Test func aTestOnlyKeyReadInALiveContextIsReportedByType() {
    for scope in ScopeSpelling.allCases {
      let messages = recordedIssues {
        withDependencyTestContext {
          scope {
            $0.context = .live
          } operation: {
            @Dependency(SpelledTestOnlyClient.self) var client
            #expect(client.name == "test")
          }
        }
      }
      #expect(messages.count == 1, "\(scope)")
      #expect(
        messages.first?.contains("SpelledTestOnlyClient has no live implementation") == true,
        "\(scope)")
    }
  }
}

/// `withDependencies` and its other spellings, run the same way.
enum ScopeSpelling: CaseIterable, Sendable, CustomStringConvertible {
  case withDependencies
  case withValues
  case moduleQualified

  func callAsFunction<Result>(
    _ update: (inout Dependencies) -> Void, operation: () -> Result
  ) -> Result {
    switch self {
    case .withDependencies: GlobalEnv.withDependencies(update, operation: operation)
    case .withValues: Dependencies.withValues(update, operation: operation)
    case .moduleQualified: Dependencies.withDependencies(update, operation: operation)
    }
  }

  var description: String {
    switch self {
    case .withDependencies: "withDependencies"
    case .withValues: "Dependencies.withValues"
    case .moduleQualified: "Dependencies.withDependencies"
    }
  }
}

/// `withDependencies(from:)` and its other spellings.
enum FromSpelling: CaseIterable, Sendable, CustomStringConvertible {
  case withDependencies
  case withValues
  case moduleQualified

  func callAsFunction<Result>(_ model: Any, operation: () -> Result) -> Result {
    switch self {
    case .withDependencies: GlobalEnv.withDependencies(from: model, operation: operation)
    case .withValues: Dependencies.withValues(from: model, operation: operation)
    case .moduleQualified: Dependencies.withDependencies(from: model, operation: operation)
    }
  }

  var description: String {
    switch self {
    case .withDependencies: "withDependencies(from:)"
    case .withValues: "Dependencies.withValues(from:)"
    case .moduleQualified: "Dependencies.withDependencies(from:)"
    }
  }
}

/// `withEscapedDependencies` and its other spellings, each returning what it captured.
enum EscapeSpelling: CaseIterable, Sendable {
  case withEscapedDependencies
  case withEscapedValues
  case moduleQualified

  func callAsFunction() -> EscapedValues {
    switch self {
    case .withEscapedDependencies: GlobalEnv.withEscapedDependencies { $0 }
    case .withEscapedValues: Dependencies.withEscapedValues { $0 }
    case .moduleQualified: Dependencies.withEscapedDependencies { $0 }
    }
  }
}

/// An object with no `@Dependency` property.
final class PlainObject {}

/// A client whose key declares only a test value.
struct SpelledTestOnlyClient: TestDependencyKey, Sendable {
  var name: String
  static var testValue: SpelledTestOnlyClient { SpelledTestOnlyClient(name: "test") }
}

extension Dependencies {
  var spelledTestOnlyClient: SpelledTestOnlyClient {
    get { self[SpelledTestOnlyClient.self] }
    set { self[SpelledTestOnlyClient.self] = newValue }
  }
}

/// Reads the test-only client by key path.
struct SpelledTestOnlyReader {
  @Dependency(\.spelledTestOnlyClient) var client
}
