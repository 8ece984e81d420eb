import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

/// What a debounced search does: waits 300 ms on the environment's clock after the last change.
private final class DebounceRoot: ComposableEnvironment {
  @Dependency(\.continuousClock) var clock
}

/// `TestClock`: sleeping tasks wake only when the test advances the clock, in deadline order.
@Suite(.timeLimit(.minutes(10))) struct TestClockTests {
  @Test func aSleepWakesOnlyOnceTheClockReachesItsDeadline() async throws {
    let clock = TestClock()
    let woke = Shared(false)
    let sleeper = Task {
      try await clock.sleep(for: .seconds(1))
      woke.update { $0 = true }
    }
    await clock.advance(by: .milliseconds(999))
    #expect(!woke.value)
    await clock.advance(by: .milliseconds(1))
    #expect(woke.value)
    #expect(await ended(sleeper))
  }

  @Test func sleepersWakeInDeadlineOrder() async throws {
    let clock = TestClock()
    let order = Shared<[Int]>([])
    let sleepers = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        order.update { $0.append(seconds) }
      }
    }
    await clock.advance(by: .seconds(3))
    #expect(order.value == [1, 2, 3])
    for sleeper in sleepers { #expect(await ended(sleeper)) }
  }

  @Test func theClockStandsAtEachDeadlineAsItsSleeperWakes() async throws {
    let clock = TestClock()
    let seen = Shared<[Duration]>([])
    let sleeper = Task {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(1))
        seen.update { $0.append(clock.now.offset) }
      }
    }
    await clock.advance(by: .seconds(10))
    #expect(seen.value == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now.offset == .seconds(10))
    #expect(await ended(sleeper))
  }

  @Test func aCancelledSleeperWakesWithCancellationError() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    await clock.advance()
    sleeper.cancel()
    #expect(await endsCancelled(sleeper))
    try? await clock.checkSuspension()
    #expect(clock.now.offset == .zero)
  }

  @Test func aSleepInACancelledTaskThrowsAtOnce() async {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    #expect(await endsCancelled(sleeper))
  }

  @Test func aSleepUntilAPassedDeadlineReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: OffsetInstant(offset: .seconds(2)))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func checkingSuspensionThrowsWhileATaskSleeps() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.advance()
    await #expect(throws: TestClockSuspensionError.self) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(1))
    try await clock.checkSuspension()
    #expect(await ended(sleeper))
  }

  @Test func theSuspensionErrorSaysUntilWhen() {
    let error = TestClockSuspensionError(deadlines: ["1.0 seconds"])
    #expect("\(error)" == "1 task is still asleep on the TestClock, until 1.0 seconds")
  }

  @Test func runAdvancesUntilNoTaskSleeps() async throws {
    let clock = TestClock()
    let retries = Task {
      for attempt in 1...3 { try await clock.sleep(for: .seconds(attempt)) }
    }
    // A generous limit of real time, within the suite's: under the sanitizers, other tests keep
    // the cooperative pool busy for minutes, and each step of the clock waits for its turn.
    await clock.run(timeout: .seconds(300))
    #expect(await ended(retries))
    #expect(clock.now.offset == .seconds(6))
  }

  @Test func runGivesUpOnATaskThatSleepsForeverAndSaysSo() async {
    let clock = TestClock()
    let timer = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    let messages = await recordedIssuesAsync { await clock.run(timeout: .milliseconds(50)) }
    timer.cancel()
    #expect(await endsCancelled(timer))
    #expect(messages.first?.contains("TestClock.run() gave up") == true)
  }

  @Test func runOfAFewStepsNeverGivesUpForBeingSlow() async {
    let clock = TestClock()
    let retries = Task {
      for delay in [1, 2, 4] { try await clock.sleep(for: .seconds(delay)) }
    }
    await clock.waitForSleepers()
    // No real time at all: a machine busy with other tests (or a sanitizer) is slower than that.
    // Giving up would record an issue, which fails this test.
    await clock.run(timeout: .zero)
    #expect((try? await retries.value) != nil, "every retry ran")
    #expect(clock.now.offset == .seconds(7))
  }

  @Test func advancingToThePastFailsAndLeavesTheClock() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    let messages = await recordedIssuesAsync {
      await clock.advance(to: OffsetInstant(offset: .seconds(1)))
    }
    #expect(messages.first?.contains("go back in time") == true)
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func aDebounceReadThroughTheEnvironmentFiresOnlyAfterItsDelay() async throws {
    let clock = TestClock()
    let environment = DebounceRoot().with(\.continuousClock, clock)
    let fired = Shared(false)
    let debounce = Task {
      try await environment.clock.sleep(for: .milliseconds(300))
      fired.update { $0 = true }
    }
    await clock.advance(by: .milliseconds(299))
    #expect(!fired.value)
    await clock.advance(by: .milliseconds(1))
    #expect(fired.value)
    #expect(await ended(debounce))
  }

  @Test func aClockOfAnotherDurationTypeWorks() async throws {
    let clock = TestClock<Duration>(now: OffsetInstant(offset: .seconds(60)))
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.advance(by: .seconds(1))
    #expect(await ended(sleeper))
    #expect(clock.now.offset == .seconds(61))
  }
}

/// `ImmediateClock`: sleeps return at once and move the clock.
@Suite(.timeLimit(.minutes(10))) struct ImmediateClockTests {
  @Test func aSleepReturnsAtOnceAndMovesTheClock() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3600))
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now.offset == .seconds(3601))
  }

  @Test func aSleepInACancelledTaskThrows() async {
    let clock = ImmediateClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    #expect(await endsCancelled(sleeper))
    #expect(clock.now.offset == .zero)
  }

  @Test func aSleepUntilAPassedDeadlineLeavesTheClock() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(5))
    try await clock.sleep(until: OffsetInstant(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(5))
  }
}
