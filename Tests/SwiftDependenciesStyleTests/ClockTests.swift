// Written as a swift-dependencies 1.x user writes it: only the imports differ
// (`import GlobalEnv` in place of `import Dependencies`, `import GlobalEnvTesting` in place of
// `import DependenciesTestSupport`).
//
// `waitForSleepers()` is this library's addition (swift-clocks' `TestClock` has none): it makes sure
// a task's sleep is on the test clock before the test advances it.
//
// The suite's time limit is the watchdog: what could hang runs in child tasks (`async let`, task
// groups), which the limit's cancellation reaches, and every clock here wakes a cancelled sleep.
// Ten minutes, as the other clock suites': under ThreadSanitizer, beside the whole suite on two
// cores, a test clock's settles wait for a cooperative pool that other tests keep busy, and a test
// that takes 14 ms alone took two minutes there.
import GlobalEnv
import GlobalEnvTesting
import Testing

/// swift-clocks' clocks, which `import Dependencies` re-exports: `AnyClock`, `UnimplementedClock`,
/// `timer(interval:)`, `.test`, `.immediate`, `minimumResolution`, `SuspensionError`.
@Suite(.timeLimit(.minutes(10))) struct ClockTests {
  // MARK: AnyClock

  @Test func anAnyClocksNowMovesWithTheClockItErases() async throws {
    let immediate = ImmediateClock()
    let clock = AnyClock(immediate)
    let start = clock.now

    try await immediate.sleep(for: .seconds(5))

    #expect(start.duration(to: clock.now) == .seconds(5))
  }

  @Test func anAnyClockSleepsOnTheClockItErases() async throws {
    let testClock = TestClock()
    let clock = AnyClock(testClock)

    async let woke: Void = clock.sleep(for: .seconds(1))
    await testClock.waitForSleepers()
    await testClock.advance(by: .seconds(1))

    try await woke
    #expect(testClock.now == TestClock<Duration>.Instant(offset: .seconds(1)))
  }

  @Test func anAnyClockHasTheMinimumResolutionOfTheClockItErases() {
    let testClock = TestClock()
    testClock.minimumResolution = .milliseconds(16)

    #expect(AnyClock(testClock).minimumResolution == .milliseconds(16))
  }

  @Test func aModelHandsItsClockDependencyOnAsAnAnyClock() async throws {
    let model = withDependencies {
      $0.animationClock = ImmediateClock()
    } operation: {
      BannerModel()
    }

    try await model.fadeIn()

    #expect(model.opacity == 1)
  }

  // MARK: UnimplementedClock

  @Test func anUnimplementedClocksNowFailsTheTestNamingTheClock() {
    let clock = UnimplementedClock(name: "continuousClock")

    withKnownIssue {
      _ = clock.now
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("continuousClock.now") }
    }
  }

  @Test func anUnimplementedClocksSleepFailsTheTestNamingTheClockAndReturns() async throws {
    let clock = UnimplementedClock(name: "continuousClock")

    try await withKnownIssue {
      try await clock.sleep(for: .seconds(1))  // reads `now`, then sleeps: two failures
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("continuousClock.") }
    }
  }

  @Test func anUnimplementedClocksMinimumResolutionFailsTheTest() {
    let clock = UnimplementedClock(name: "continuousClock")

    withKnownIssue {
      _ = clock.minimumResolution
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("continuousClock.minimumResolution") }
    }
  }

  @Test func anUnimplementedClockAroundAnotherIsNamedForItsType() {
    let clock = UnimplementedClock(ImmediateClock())

    withKnownIssue {
      _ = clock.now
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("ImmediateClock<Duration>.now") }
    }
  }

  @Test func anUnimplementedClockSleepsOnTheClockItWraps() async throws {
    let testClock = TestClock()
    let clock = UnimplementedClock(testClock, name: "timerClock")

    try await withKnownIssue {
      async let woke: Void = clock.sleep(until: clock.now.advanced(by: .seconds(2)), tolerance: nil)
      await testClock.waitForSleepers()
      await testClock.advance(by: .seconds(2))
      try await woke
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("timerClock") }
    }
    #expect(testClock.now == TestClock<Duration>.Instant(offset: .seconds(2)))
  }

  @Test func theUnimplementedMemberIsAClockThatFailsTheTest() {
    let clock: UnimplementedClock<Duration> = .unimplemented()

    withKnownIssue {
      _ = clock.now
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Clock.now") }
    }
  }

  @Test func anUnsetClockDependencyWithAnUnimplementedTestValueFailsTheTestNamingIt() {
    let model = BannerModel()

    withKnownIssue {
      _ = model.animationClock.now
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("animationClock.now") }
    }
  }

  // MARK: timer(interval:)

  @Test func aTimerEmitsTheClocksNowEachInterval() async {
    let clock: any Clock<Duration> = ImmediateClock()
    var ticks: [AnyClock<Duration>.Instant] = []

    for await tick in clock.timer(interval: .seconds(1)).prefix(3) {
      ticks.append(tick)
    }

    #expect(ticks.count == 3)
    #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.duration(to: $1) == .seconds(1) })
  }

  @Test func aTimerWhoseConsumerFellBehindTicksOnceAtOnceThenKeepsItsInterval() async throws {
    let clock = ImmediateClock()
    var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()

    let first = try #require(await ticks.next())
    try await clock.sleep(for: .milliseconds(2500))  // busy for two ticks and a half
    let late = try #require(await ticks.next())
    let next = try #require(await ticks.next())

    #expect(first.duration(to: late) <= .milliseconds(2500))
    #expect(first.duration(to: next) == .seconds(3))
  }

  @Test func aTimerOnATestClockTicksEachIntervalTheClockAdvances() async {
    let clock = TestClock()

    async let ticks = clock.timer(interval: .seconds(1)).prefix(2).reduce(0) { count, _ in
      count + 1
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))

    #expect(await ticks == 2)
    #expect(clock.now == TestClock<Duration>.Instant(offset: .seconds(2)))
  }

  @Test func aTimerEndsWhenItsTaskIsCancelled() async {
    let clock = TestClock()

    await withTaskGroup(of: Int.self) { group in
      group.addTask {
        await clock.timer(interval: .seconds(1)).reduce(0) { count, _ in count + 1 }
      }
      await clock.waitForSleepers()
      group.cancelAll()
      #expect(await group.next() == 0)
    }
  }

  // MARK: .test, .immediate, minimumResolution, SuspensionError

  @Test func theTestMemberIsATestClockAtItsStart() {
    let clock: TestClock<Duration> = .test

    #expect(clock.now == TestClock<Duration>.Instant(offset: .zero))
  }

  @Test func theImmediateMemberIsAClockWhoseSleepsReturnAtOnce() async throws {
    let clock: ImmediateClock<Duration> = .immediate

    try await clock.sleep(for: .seconds(60))

    #expect(clock.now == ImmediateClock<Duration>.Instant(offset: .seconds(60)))
  }

  @Test func aTestClocksMinimumResolutionIsSettable() {
    let clock = TestClock()

    clock.minimumResolution = .milliseconds(1)

    #expect(clock.minimumResolution == .milliseconds(1))
  }

  @Test func checkSuspensionThrowsASuspensionErrorWhileATaskSleeps() async {
    let clock = TestClock()

    await withTaskGroup(of: Void.self) { group in
      group.addTask { try? await clock.sleep(for: .seconds(1)) }
      await clock.waitForSleepers()
      await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
      group.cancelAll()
    }
  }
}
