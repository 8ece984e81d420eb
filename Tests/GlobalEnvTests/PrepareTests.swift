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

    @Test func preparingAKeyAfterItsDefaultWasReadIsReported() {
      #expect(Reader().counter == 0)
      let messages = recordedIssues { Dependencies.prepare { $0.counter = 5 } }
      #expect(messages.count == 1)
      #expect(
        messages.first?.contains("set DependencyKeys.Counter after its default was read") == true)
      #expect(Reader().counter == 5)
    }

    @Test func preparingAKeyTwiceIsReported() {
      Dependencies.prepare { $0.label = "first" }
      let messages = recordedIssues { Dependencies.prepare { $0.label = "second" } }
      #expect(messages.first?.contains("which was prepared before") == true)
      #expect(AppEnvironment().label == "second")
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
  }
}
