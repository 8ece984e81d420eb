import Foundation
import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

private struct BuiltInReader: GlobalDependenciesAccessing {}

/// The built-in dependencies in GlobalEnv: the system's values outside scopes, a scope's values
/// inside, test values (reported) in a test context.
@Suite(.timeLimit(.minutes(10))) struct GlobalBuiltInDependencyTests {
  @Test(.dependencyContext(.live)) func theLiveDateIsTheSystemsNow() {
    let before = Date()
    let now = BuiltInReader().date.now
    #expect(before <= now && now <= Date())
  }

  @Test func aScopeSetsTheDateAndIdentifiers() {
    let (now, ids) = Dependencies.withValues {
      $0.date = .constant(Date(timeIntervalSince1970: 42))
      $0.uuid = .incrementing
    } operation: {
      (BuiltInReader().date(), [BuiltInReader().uuid(), BuiltInReader().uuid()])
    }
    #expect(now == Date(timeIntervalSince1970: 42))
    #expect(ids == [UUID(0), UUID(1)])
  }

  @Test func theContextIsTestInATestProcessOutsideAnyTestContext() {
    #expect(BuiltInReader().context == .test)
  }

  @Test func theContextIsTestInATestContext() {
    #expect(withDependencyTestContext { BuiltInReader().context } == .test)
  }

  @Test func theContextIsLiveInALiveContext() {
    #expect(withDependencyContext(.live) { BuiltInReader().context } == .live)
  }

  @Test func aScopeSetsTheContext() {
    let context = Dependencies.withValues {
      $0.context = .preview
    } operation: {
      BuiltInReader().context
    }
    #expect(context == .preview)
  }

  @Test func readingTheDateInATestWithoutSettingItFailsNamingIt() {
    let messages = recordedIssues {
      _ = withDependencyTestContext { BuiltInReader().date.now }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("\\Dependencies.date") == true)
    #expect(messages.first?.contains("built-in dependency") == true)
  }

  @Test func aTestClockSetInAScopeDrivesTheCodeThatSleeps() async throws {
    let clock = TestClock()
    let fired = Shared(false)
    let debounce = Dependencies.withValues {
      $0.continuousClock = clock
    } operation: {
      Task {
        try await BuiltInReader().continuousClock.sleep(for: .milliseconds(300))
        fired.update { $0 = true }
      }
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(299))
    #expect(!fired.value)
    await clock.advance(by: .milliseconds(1))
    #expect(await ended(debounce))
    #expect(fired.value)
  }
}
