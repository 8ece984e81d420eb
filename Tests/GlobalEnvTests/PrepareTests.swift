import Foundation
import GlobalEnv
import TestSupport
import Testing

extension ProcessWideState {
  /// `Dependencies.prepare`: start-up values, and the reports of preparing too late or twice.
  @Suite("Preparing process-wide values")
  struct PrepareTests {
    init() {
      Dependencies.reset()
      Dependencies.clearAliases()
    }

    @Test func preparedValuesAreReadEverywhere() {
      Dependencies.prepare {
        $0.counter = 5
        $0.label = "prepared"
      }
      #expect(Reader().counter == 5)
      #expect(AppEnvironment().label == "prepared")
    }

    @Test func prepareReturnsWhatItsClosureReturns() {
      let opened = Dependencies.prepare { dependencies -> String in
        dependencies.counter = 1
        return "database"
      }
      #expect(opened == "database")
    }

    @Test func aScopeStillOverridesAPreparedValue() {
      Dependencies.prepare { $0.counter = 5 }
      #expect(
        Dependencies.withValues {
          $0.counter = 6
        } operation: {
          Reader().counter
        } == 6)
    }

    // Each spelling in turn, the process-wide state reset before each (a parameterized test's
    // cases share its scope, and a process-wide write there is reported).

    @Test func preparingAKeyAfterItsDefaultWasReadIsReportedAndKeepsTheValueRead() {
      for prepare in PrepareSpelling.allCases {
        Dependencies.reset()
        #expect(Reader().counter == 0)
        let messages = recordedIssues { prepare { $0.counter = 5 } }
        #expect(messages.count == 1, "\(prepare)")
        #expect(
          messages.first?.contains("was given DependencyKeys.Counter after its value was read")
            == true, "\(prepare)")
        #expect(Reader().counter == 0, "the value read stays, as with swift-dependencies")
      }
    }

    @Test func preparingAKeyTwiceIsReportedAndKeepsTheFirstValue() {
      for prepare in PrepareSpelling.allCases {
        Dependencies.reset()
        prepare { $0.label = "first" }
        let messages = recordedIssues { prepare { $0.label = "second" } }
        #expect(messages.count == 1, "\(prepare)")
        #expect(
          messages.first?.contains("DependencyKeys.Label, which was prepared before") == true,
          "\(prepare)")
        #expect(AppEnvironment().label == "first", "\(prepare)")
      }
    }

    @Test func aRefusedKeyLeavesTheOthersOfTheSameCallSet() {
      for prepare in PrepareSpelling.allCases {
        Dependencies.reset()
        prepare { $0.label = "first" }
        _ = recordedIssues {
          prepare {
            $0.label = "second"
            $0.counter = 3
          }
        }
        #expect(AppEnvironment().label == "first", "\(prepare)")
        #expect(Reader().counter == 3, "\(prepare)")
      }
    }

    @Test func aKeyPreparedFromItsOwnValueIsNotReportedAsReadBeforeIt() {
      // `$0.counter += 5` reads the key to set it, as `$0.date.now = …` reads `date`: part of
      // preparing it (swift-dependencies' own tests prepare `date.now` so).
      for prepare in PrepareSpelling.allCases {
        Dependencies.reset()
        prepare { $0.counter += 5 }  // A report would fail this test.
        #expect(Reader().counter == 5, "\(prepare)")
      }
    }

    @Test func preparingOtherKeysLaterReportsNothing() {
      Dependencies.prepare { $0.label = "first" }
      Dependencies.prepare { $0.counter = 2 }
      #expect(Reader().counter == 2)
    }

    @Test func resetForgetsWhatWasPrepared() {
      Dependencies.prepare { $0.label = "first" }
      Dependencies.reset()
      Dependencies.prepare { $0.label = "again" }
      #expect(AppEnvironment().label == "again")
    }

    // Reads in a scope that switches `context`: their defaults are that context's, and a
    // prepare made there still finds them (as swift-dependencies does, which keeps a cache per
    // context).

    @Test func preparingAKeyReadInALiveScopeIsReportedAndKeepsTheValueRead() {
      withDependencies {
        $0.context = .live
      } operation: {
        #expect(Reader().counter == 0)
        let messages = recordedIssues { prepareDependencies { $0.counter = 5 } }
        #expect(messages.count == 1)
        #expect(
          messages.first?.contains("was given DependencyKeys.Counter after its value was read")
            == true)
        #expect(Reader().counter == 0, "the value read stays")
      }
    }

    @Test func preparingDateAfterReadingOnlyDateNowInALiveScopeIsReported() {
      let prepared = Date(timeIntervalSince1970: 0)
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.date.now) var now
        #expect(now != prepared)
        let messages = recordedIssues {
          prepareDependencies { $0.date = DateGenerator { prepared } }
        }
        #expect(messages.count == 1)
        @Dependency(\.date.now) var after
        #expect(after != prepared, "the generator read stays")
      }
    }

    @Test func preparingAKeyReadInAPreviewScopeSetsItUnreported() {
      withDependencies {
        $0.context = .preview
      } operation: {
        #expect(Reader().counter == 0)
        prepareDependencies { $0.counter = 5 }
        #expect(Reader().counter == 5, "as swift-dependencies lets a preview prepare")
      }
    }
  }
}

/// The three spellings of preparing process-wide values: swift-dependencies' function, this
/// library's, and swift-dependencies' qualified by its module's name. One implementation: each
/// runs the same tests.
enum PrepareSpelling: CaseIterable, Sendable {
  case prepareDependencies
  case dependenciesPrepare
  case moduleQualified

  func callAsFunction(_ update: (inout Dependencies) -> Void) {
    switch self {
    case .prepareDependencies: GlobalEnv.prepareDependencies(update)
    case .dependenciesPrepare: Dependencies.prepare(update)
    case .moduleQualified: Dependencies.prepareDependencies(update)
    }
  }
}
