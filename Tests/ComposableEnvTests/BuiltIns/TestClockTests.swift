import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

/// What a debounced search does: waits 300 ms on the environment's clock after the last change.
private final class DebounceRoot: ComposableEnvironment {
  @Dependency(\.continuousClock) var clock
}

/// `TestClock`: sleeping tasks wake only when the test advances the clock, in deadline order. Each
/// test waits for events only (a sleep begun, a task's end), as the clock's contract says.
@Suite(.timeLimit(.minutes(10))) struct TestClockTests {
  @Test func aSleepWakesOnlyOnceTheClockReachesItsDeadline() async throws {
    let clock = TestClock()
    let woke = Shared(false)
    let sleeper = Task {
      try await clock.sleep(for: .seconds(1))
      woke.update { $0 = true }
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(999))
    #expect(!woke.value)
    await clock.advance(by: .milliseconds(1))
    #expect(await ended(sleeper))
    #expect(woke.value)
  }

  @Test func sleepersWakeInDeadlineOrder() async throws {
    let clock = TestClock()
    let woke = Shared<[Int]>([])
    let sleepers = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woke.update { $0.append(seconds) }
      }
    }
    await clock.waitForSleepers(3)
    for second in 1...3 {
      await clock.advance(by: .seconds(1))
      #expect(await ended(sleepers[[3, 1, 2].firstIndex(of: second)!]))
      #expect(woke.value == Array(1...second), "only the sleep due at \(second) s woke")
    }
  }

  @Test func aSleeperThatSleepsAgainReadsEachDeadlineItWokeAt() async throws {
    let clock = TestClock()
    let seen = Shared<[Duration]>([])
    let sleeper = Task {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(1))
        seen.update { $0.append(clock.now.offset) }
      }
    }
    await clock.waitForSleepers()
    for second in 1...3 {
      await clock.advance(by: .seconds(1))
      if second < 3 { await clock.waitForSleepers() }  // it sleeps again
    }
    #expect(await ended(sleeper))
    #expect(seen.value == [.seconds(1), .seconds(2), .seconds(3)])
  }

  @Test func aCancelledSleeperWakesWithCancellationError() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    await clock.waitForSleepers()
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
    await clock.waitForSleepers()
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
    let sleepers = [3, 1, 2].map { n in Task { try await clock.sleep(for: .seconds(n)) } }
    await clock.waitForSleepers(3)
    // A generous limit of real time, within the suite's: under the sanitizers, other tests keep
    // the cooperative pool busy for minutes, and each step of the clock waits for its turn.
    await clock.run(timeout: .seconds(300))
    for sleeper in sleepers { #expect(await ended(sleeper)) }
    #expect(clock.now.offset == .seconds(3))
  }

  @Test func runGivesUpOnATaskThatSleepsForeverAndSaysSo() async {
    let clock = TestClock()
    let timer = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await clock.waitForSleepers()
    // A run that looks before the timer sleeps again returns (the clock cannot see a sleep not
    // begun): run again, with the timer asleep, until one gives up.
    var messages: [String] = []
    for _ in 0..<100 where messages.isEmpty {
      await clock.waitForSleepers()
      messages = await recordedIssuesAsync(orNone: true) {
        await clock.run(timeout: .milliseconds(50))
      }
    }
    timer.cancel()
    #expect(await endsCancelled(timer))
    #expect(messages.first?.contains("TestClock.run() gave up") == true)
  }

  @Test func runOfAFewStepsNeverGivesUpForBeingSlow() async {
    let clock = TestClock()
    let sleepers = [1, 2, 4].map { n in Task { try await clock.sleep(for: .seconds(n)) } }
    await clock.waitForSleepers(3)
    // No real time at all: a machine busy with other tests (or a sanitizer) is slower than that.
    // Giving up would record an issue, which fails this test.
    await clock.run(timeout: .zero)
    for sleeper in sleepers { #expect((try? await sleeper.value) != nil, "every sleep returned") }
    #expect(clock.now.offset == .seconds(4))
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
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(299))
    #expect(!fired.value)
    await clock.advance(by: .milliseconds(1))
    #expect(await ended(debounce))
    #expect(fired.value)
  }

  @Test func aClockOfAnotherDurationTypeWorks() async throws {
    let clock = TestClock<Duration>(now: OffsetInstant(offset: .seconds(60)))
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
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
