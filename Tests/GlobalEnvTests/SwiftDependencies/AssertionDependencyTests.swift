import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

private struct AssertionReader: GlobalDependenciesAccessing {}

/// The built-in `assert`, `assertionFailure` and `precondition`: Swift's live, a test failure in
/// a test context.
@Suite struct AssertionDependencyTests {
  @Test func aFalseAssertionInATestFailsTheTestAndGoesOn() {
    var reached = false
    let messages = recordedIssues {
      withDependencyTestContext {
        AssertionReader().assert(1 + 1 == 3, "arithmetic")
        reached = true
      }
    }
    #expect(reached)
    #expect(messages == ["Assertion failed: arithmetic"])
  }

  @Test func aTrueAssertionInATestReportsNothing() {
    // An issue recorded here would fail this test.
    withDependencyTestContext { AssertionReader().assert(true) }
  }

  @Test func aFalsePreconditionInATestFailsTheTestAndGoesOn() {
    let messages = recordedIssues {
      withDependencyTestContext { AssertionReader().precondition(false, "index in range") }
    }
    #expect(messages == ["Assertion failed: index in range"])
  }

  @Test func anAssertionFailureInATestFailsTheTest() {
    let messages = recordedIssues {
      withDependencyTestContext { AssertionReader().assertionFailure("unexpected state") }
    }
    #expect(messages == ["Assertion failed: unexpected state"])
  }

  @Test func anAssertionFailureFollowsTheAssertThatIsSet() {
    let checks = Shared<[String]>([])
    Dependencies.withValues {
      $0.assert = RecordingAssertion(checks: checks)
    } operation: {
      AssertionReader().assertionFailure("through assert")
    }
    #expect(checks.value == ["false: through assert"])
  }

  @Test func anAssertionFailureSetOnItsOwnIsTheOneCalled() {
    let checks = Shared<[String]>([])
    Dependencies.withValues {
      $0.assertionFailure = RecordingAssertionFailure(checks: checks)
    } operation: {
      AssertionReader().assertionFailure("on its own")
    }
    #expect(checks.value == ["failure: on its own"])
  }

  @Test(.dependencyContext(.live)) func aTrueLiveAssertionAndPreconditionReturn() {
    AssertionReader().assert(true, "holds")
    AssertionReader().precondition(true, "holds")
  }

  #if compiler(>=6.2)  // exit tests (Swift Testing 6.2)
    @Test func aFalseLivePreconditionStopsTheProcess() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        withDependencyContext(.live) { AssertionReader().precondition(false, "live check") }
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("live check"))
    }

    @Test func aFalseLiveAssertionStopsADebugBuild() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        withDependencyContext(.live) { AssertionReader().assert(false, "debug check") }
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("debug check"))
    }
  #endif
}

/// An `assert` that records what it is asked.
private struct RecordingAssertion: AssertionEffect {
  let checks: Shared<[String]>

  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    let text = "\(condition()): \(message())"
    checks.update { $0.append(text) }
  }
}

/// An `assertionFailure` that records what it is asked.
private struct RecordingAssertionFailure: AssertionFailureEffect {
  let checks: Shared<[String]>

  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt) {
    let text = "failure: \(message())"
    checks.update { $0.append(text) }
  }
}
