import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

/// A key with no live value, read in a live context by a write through several components (part
/// of setting values) and then by a plain read: the write is silent, the read is reported, once.
@Suite("Missing live values read by a write")
struct DeferredLiveReportTests {
  @Test(.dependencyTestContext) func aTestOnlyKeyReadByANestedWriteIsReportedAtItsNextRead() {
    let root = TallyRoot().with(\.context, .live)
    let inWrite = recordedIssues(orNone: true) { root.with(\.testOnlyTally.value, 42) }
    #expect(inWrite.isEmpty, "\(inWrite)")
    let inRead = recordedIssues {
      #expect(root.tally.value == 42)
      #expect(root.tally.value == 42)
    }
    #expect(inRead.count == 1, "\(inRead)")
    #expect(inRead.first?.contains("TestOnlyTally has no live implementation") == true)
  }
}

/// `@unchecked Sendable`: an environment's state is its node's.
private final class TallyRoot: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.testOnlyTally) var tally
}
