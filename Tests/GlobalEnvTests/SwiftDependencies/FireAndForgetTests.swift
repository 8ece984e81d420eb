import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

private struct WorkReader: GlobalDependenciesAccessing {}

private struct Failure: Error {}

/// The built-in `fireAndForget`: work nobody waits for, live; work the call waits for, in a test.
@Suite(.timeLimit(.minutes(10))) struct FireAndForgetTests {
  @Test func inATestTheCallReturnsAfterTheWork() async {
    let done = Shared(false)
    await withDependencyTestContext {
      await WorkReader().fireAndForget { done.value = true }
    }
    #expect(done.value)
  }

  @Test func inATestAnErrorTheWorkThrowsFailsTheTest() async {
    let messages = await recordedIssuesAsync {
      await withDependencyTestContext {
        await WorkReader().fireAndForget(priority: .low) { throw Failure() }
      }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("fireAndForget: the work threw") == true)
  }

  @Test(.dependencyContext(.live)) func liveTheCallReturnsBeforeTheWorkEnds() async {
    let (gate, opening) = AsyncStream<Void>.makeStream()
    let (finished, finishing) = AsyncStream<Void>.makeStream()
    let done = Shared(false)
    await WorkReader().fireAndForget {
      for await _ in gate { break }
      done.value = true
      finishing.yield()
    }
    #expect(!done.value)
    opening.yield()
    let waiter = Task<Void, any Error> { for await _ in finished { break } }
    #expect(await outcome(of: waiter) != nil)
    #expect(done.value)
  }

  @Test func aScopeSetsHowWorkIsStarted() async {
    let started = Shared(0)
    await Dependencies.withValues {
      $0.fireAndForget = FireAndForget { _, _, _ in started.value += 1 }
    } operation: {
      await WorkReader().fireAndForget {}
    }
    #expect(started.value == 1)
  }
}
