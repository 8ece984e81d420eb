// Tests of models that sleep on a `TestClock`, each of which must give the same result every run
// whatever runs beside it (issue 41), compiled against both environment modules (README.md beside
// this file). `Scripts/clock-repetitions` runs the suite 100 times in parallel.
import Foundation
import TestSupport
import Testing

#if COMPOSABLE_ENV
  import ComposableEnv
  import ComposableEnvTesting
#else
  import GlobalEnv
  import GlobalEnvTesting
#endif

@MainActor @Suite(.dependencyTestContext, .timeLimit(.minutes(10)))
struct ClockDeterminismTests {
  // MARK: Timers on the main actor

  @Test func timerAdvancedByThreeSecondsInOneGo() async {
    let clock = TestClock()
    let model = CounterModel(environment: environment(clock: clock))
    let timer = Task { await model.startTimer() }
    await clock.advance(by: .seconds(3))
    #expect(model.ticks == 3)
    timer.cancel()
    #expect(await finished(timer))
  }

  @Test func timerAdvancedSecondBySecond() async {
    let clock = TestClock()
    let model = CounterModel(environment: environment(clock: clock))
    let timer = Task { await model.startTimer() }
    await clock.waitForSleepers()
    for second in 1...3 {
      await clock.advance(by: .seconds(1))
      #expect(model.ticks == second)
    }
    timer.cancel()
    #expect(await finished(timer))
  }

  @Test func timerDoesNotTickBeforeItsSecond() async {
    let clock = TestClock()
    let model = CounterModel(environment: environment(clock: clock))
    let timer = Task { await model.startTimer() }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(999))
    #expect(model.ticks == 0)
    await clock.advance(by: .milliseconds(1))
    #expect(model.ticks == 1)
    timer.cancel()
    #expect(await finished(timer))
  }

  @Test func timerStartedByTheModelItselfTicks() async {
    let clock = TestClock()
    let model = CounterModel(environment: environment(clock: clock))
    model.onAppear()
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    #expect(model.ticks == 2)
    model.onDisappear()
    await clock.advance(by: .seconds(2))
    #expect(model.ticks == 2)
  }

  @Test func twoTimersTickTogether() async {
    let clock = TestClock()
    let first = CounterModel(environment: environment(clock: clock))
    let second = CounterModel(environment: environment(clock: clock))
    let timers = [Task { await first.startTimer() }, Task { await second.startTimer() }]
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(4))
    #expect(first.ticks == 4)
    #expect(second.ticks == 4)
    for timer in timers { timer.cancel() }
    for timer in timers { #expect(await finished(timer)) }
  }

  @Test func cancelledTimerStopsTicking() async {
    let clock = TestClock()
    let model = CounterModel(environment: environment(clock: clock))
    let timer = Task { await model.startTimer() }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    timer.cancel()
    #expect(await finished(timer))
    await clock.advance(by: .seconds(5))
    #expect(model.ticks == 1)
  }

  // MARK: Debounces on the main actor

  @Test func debounceFiresOnlyAfterItsDelay() async {
    let clock = TestClock()
    let search = SearchModel(environment: environment(clock: clock))
    search.queryChanged("swi")
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(299))
    #expect(search.results.isEmpty)
    await clock.advance(by: .milliseconds(1))
    #expect(search.results == ["swift", "swiftly"])
  }

  @Test func debounceRestartedByAnotherChangeSearchesOnce() async {
    let clock = TestClock()
    let search = SearchModel(environment: environment(clock: clock))
    search.queryChanged("sw")
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(200))
    search.queryChanged("swiftl")
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(200))
    #expect(search.searches == 0)
    await clock.advance(by: .milliseconds(100))
    #expect(search.searches == 1)
    #expect(search.results == ["swiftly"])
  }

  @Test func debounceAdvancedPastInOneGo() async {
    let clock = TestClock()
    let search = SearchModel(environment: environment(clock: clock))
    search.queryChanged("swift")
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(10))
    #expect(search.searches == 1)
    #expect(search.results == ["swift", "swiftly"])
  }

  // MARK: Sleep loops

  @Test func retriesWithBackOffThroughTaskSleep() async {
    let clock = TestClock()
    let model = RetryModel(environment: environment(clock: clock))
    let load = Task { try await model.load() }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3))
    #expect(model.attempts == 3)
    #expect(!model.loaded)
    await clock.advance(by: .seconds(4))
    #expect(model.loaded)
    #expect(await finished(load))
  }

  @Test func runFinishesEveryRetry() async {
    let clock = TestClock()
    let model = RetryModel(environment: environment(clock: clock))
    let load = Task { try await model.load() }
    await clock.waitForSleepers()
    await clock.run()
    #expect(model.loaded)
    #expect(clock.now.offset == .seconds(7))
    #expect(await finished(load))
  }

  @Test func pollingStopsOnceTheJobIsDone() async {
    let clock = TestClock()
    let model = PollingModel(environment: environment(clock: clock))
    let polling = Task { try await model.waitForJob() }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(500))
    #expect(model.polls == 5)
    model.jobIsDone = true
    await clock.advance(by: .milliseconds(100))
    #expect(model.polls == 6)
    #expect(await finished(polling))
  }

  @Test func timeoutWinsOverASlowRequest() async {
    let clock = TestClock()
    let model = TimeoutModel(environment: environment(clock: clock))
    let fetch = Task { await model.fetch() }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(5))
    #expect(model.outcome == "timed out")
    #expect(await finished(fetch))
  }

  // MARK: Models off the main actor

  @Test func actorTimerTicks() async {
    let clock = TestClock()
    let ticker = TickerActor(environment: environment(clock: clock))
    let timer = Task { await ticker.start() }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3))
    #expect(await ticker.ticks == 3)
    timer.cancel()
    #expect(await finished(timer))
  }

  @Test func actorDebounceSavesTheLastEditOnce() async {
    let clock = TestClock()
    let saver = DraftSaver(environment: environment(clock: clock))
    await saver.edit("H")
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(100))
    await saver.edit("Hello")
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(500))
    #expect(await saver.saved == ["Hello"])
  }

  @Test func nonisolatedTimerTicks() async {
    let clock = TestClock()
    let counter = BackgroundCounter(environment: environment(clock: clock))
    let timer = Task.detached { await counter.start() }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3))
    #expect(counter.ticks == 3)
    timer.cancel()
    #expect(await finished(timer))
  }

  // MARK: Many sleepers, some cancelled

  /// 2,000 tasks asleep on one clock, half on the main actor and half off it, every seventh
  /// cancelled: after each advance, every task due by then has run past its sleep. (Before, an
  /// advance could return before a woken task had: 2 of 17 runs with 1,300 sleepers.)
  @Test func eachAdvanceReturnsAfterEverySleeperItWokeHasRunPastItsSleep() async {
    let clock = TestClock()
    let passed = PassedSleeps()
    var tasks: [Task<Void, any Error>] = []
    for index in 0..<2_000 {
      let second = index % 100 + 1
      let deadline = clock.now.advanced(by: .seconds(second))
      if index.isMultiple(of: 2) {
        tasks.append(
          Task {
            try await clock.sleep(until: deadline)
            passed.record(second)
          })
      } else {
        tasks.append(
          Task.detached {
            try await clock.sleep(until: deadline)
            passed.record(second)
          })
      }
    }
    await clock.waitForSleepers(2_000)
    var expected = [Int](repeating: 0, count: 101)
    for (index, task) in tasks.enumerated() {
      if index.isMultiple(of: 7) { task.cancel() } else { expected[index % 100 + 1] += 1 }
    }
    for second in 1...100 {
      await clock.advance(by: .seconds(1))
      let due = expected[1...second].reduce(0, +)
      #expect(passed.count(upTo: second) == due, "at \(second) s")
    }
    for task in tasks { _ = await task.result }
  }

  // MARK: Beside tests that report failures

  @Test func aTestThatRecordsAMissingDependency() {
    let model = CounterModel(environment: environment(clock: TestClock()))
    withKnownIssue { model.incrementButtonTapped() }
  }

  @Test func aTestThatRecordsMissingDependenciesFromEightTasks() async {
    let environment = environment(clock: TestClock())
    await withKnownIssue(isIntermittent: false) {
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<8 { group.addTask { environment.unset } }
        for await _ in group {}
      }
    }
  }

  @Test func aTimerTicksWhileEightTasksRecordMissingDependencies() async {
    let clock = TestClock()
    let environment = environment(clock: clock)
    let model = CounterModel(environment: environment)
    let timer = Task { await model.startTimer() }
    await clock.waitForSleepers()
    await withKnownIssue(isIntermittent: false) {
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<8 { group.addTask { environment.unset } }
        await clock.advance(by: .seconds(2))
        for await _ in group {}
      }
    }
    #expect(model.ticks == 2)
    timer.cancel()
    #expect(await finished(timer))
  }

  @Test func aMainActorModelRecordsAMissingDependencyBetweenTicks() async {
    let clock = TestClock()
    let model = CounterModel(environment: environment(clock: clock))
    let timer = Task { await model.startTimer() }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    withKnownIssue { model.incrementButtonTapped() }
    await clock.advance(by: .seconds(1))
    #expect(model.ticks == 3)
    timer.cancel()
    #expect(await finished(timer))
  }
}

/// Whether `task` ended (within the watchdog's time), whatever it returned.
private func finished<Success, Failure>(_ task: Task<Success, Failure>) async -> Bool {
  await outcome(of: Task<Void, any Error> { _ = await task.result }) != nil
}

/// The sleeps that returned, by their deadline's second. `@unchecked Sendable`: under its lock.
private final class PassedSleeps: @unchecked Sendable {
  private let lock = NSLock()
  private var bySecond = [Int](repeating: 0, count: 101)

  func record(_ second: Int) { lock.withLock { bySecond[second] += 1 } }

  func count(upTo second: Int) -> Int { lock.withLock { bySecond[1...second].reduce(0, +) } }
}

/// The same from a test off the main actor, with every sleeper on it: a woken task comes back
/// to the main actor after its sleep returns, behind whatever the main actor runs meanwhile.
@Suite(.dependencyTestContext, .timeLimit(.minutes(10)))
struct ManySleepersOffTheMainActorTests {
  @Test func eachAdvanceReturnsAfterEveryMainActorSleeperItWokeHasRunPastItsSleep() async {
    let clock = TestClock()
    let passed = PassedSleeps()
    var tasks: [Task<Void, any Error>] = []
    for index in 0..<2_000 {
      let second = index % 100 + 1
      let deadline = clock.now.advanced(by: .seconds(second))
      tasks.append(
        Task { @MainActor in
          try await clock.sleep(until: deadline)
          passed.record(second)
        })
    }
    await clock.waitForSleepers(2_000)
    var expected = [Int](repeating: 0, count: 101)
    for (index, task) in tasks.enumerated() {
      if index.isMultiple(of: 7) { task.cancel() } else { expected[index % 100 + 1] += 1 }
    }
    for second in 1...100 {
      await clock.advance(by: .seconds(1))
      let due = expected[1...second].reduce(0, +)
      #expect(passed.count(upTo: second) == due, "at \(second) s")
    }
    for task in tasks { _ = await task.result }
  }
}
