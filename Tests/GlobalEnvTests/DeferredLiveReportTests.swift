import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// A key with no live value, read in a live context inside an update and then in the operation:
/// as swift-dependencies does, the reads inside the update (part of setting values) are silent,
/// and the read in the operation is reported. Before, the read inside the update was reported and
/// the one in the operation, which found the default computed, was not.
@Suite("Missing live values read inside an update")
struct DeferredLiveReportTests {
  @Test func aTestOnlyKeyReadInsideAnUpdateIsReportedAtItsReadInTheOperation() {
    withDependencyTestContext {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.testOnlyTally) var tally
        var inOperation: [String] = []
        let inUpdate = recordedIssues(orNone: true) {
          withDependencies {
            $0.testOnlyTally.value = 42  // reads the key to change part of it
            #expect(tally.value == 42)
          } operation: {
            inOperation = recordedIssues { #expect(tally.value == 42, "the default read stays") }
          }
        }
        #expect(inUpdate.isEmpty, "\(inUpdate)")
        #expect(inOperation.count == 1, "\(inOperation)")
        #expect(inOperation.first?.contains("TestOnlyTally has no live implementation") == true)
      }
    }
  }

  @Test func aTestOnlyKeyReadOnlyInsideAnUpdateIsNotReported() {
    withDependencyTestContext {
      withDependencies {
        $0.context = .live
      } operation: {
        let messages = recordedIssues(orNone: true) {
          withDependencies {
            #expect($0.testOnlyTally.value == 0)
          } operation: {
          }
        }
        #expect(messages.isEmpty, "\(messages)")
      }
    }
  }

  @Test func aTestOnlyKeyReadOutsideAnyUpdateIsReportedOnce() {
    withDependencyTestContext {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.testOnlyTally) var tally
        let messages = recordedIssues {
          _ = tally.value
          _ = tally.value
        }
        #expect(messages.count == 1, "\(messages)")
      }
    }
  }
}
