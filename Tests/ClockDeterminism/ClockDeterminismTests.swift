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

  @Test func timerAdvancedSecondBySecond() async {
    let clock = TestClock()
    let model = CounterModel(environment: environment(clock: clock))
    let timer = Task { await model.startTimer() }
    await clock.waitForSleepers()
    for second in 1...3 {
      await tick(clock, by: .seconds(1))
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
    await tick(clock, by: .milliseconds(1))
    #expect(model.ticks == 1)
    timer.cancel()
    #expect(await finished(timer))
  }

  @Test func timerStartedByTheModelItselfTicks() async {
    let clock = TestClock()
    let model = CounterModel(environment: environment(clock: clock))
    model.onAppear()
    await clock.waitForSleepers()
    await tick(clock, by: .seconds(1))
    await tick(clock, by: .seconds(1))
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
    for _ in 1...4 { await tick(clock, by: .seconds(1), asleep: 2) }
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
    await search.debounce?.value
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
    await search.debounce?.value
    #expect(search.searches == 1)
    #expect(search.results == ["swiftly"])
  }

  @Test func debounceAdvancedPastInOneGo() async {
    let clock = TestClock()
    let search = SearchModel(environment: environment(clock: clock))
    search.queryChanged("swift")
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(10))
    await search.debounce?.value
    #expect(search.searches == 1)
    #expect(search.results == ["swift", "swiftly"])
  }

  // MARK: Sleep loops

  @Test func retriesWithBackOffThroughTaskSleep() async {
    let clock = TestClock()
    let model = RetryModel(environment: environment(clock: clock))
    let load = Task { try await model.load() }
    await clock.waitForSleepers()
    await tick(clock, by: .seconds(1))
    await tick(clock, by: .seconds(2))
    #expect(model.attempts == 3)
    #expect(!model.loaded)
    await clock.advance(by: .seconds(4))
    #expect(await finished(load))
    #expect(model.loaded)
  }

  @Test func pollingStopsOnceTheJobIsDone() async {
    let clock = TestClock()
    let model = PollingModel(environment: environment(clock: clock))
    let polling = Task { try await model.waitForJob() }
    await clock.waitForSleepers()
    for _ in 1...5 { await tick(clock, by: .milliseconds(100)) }
    #expect(model.polls == 5)
    model.jobIsDone = true
    await clock.advance(by: .milliseconds(100))
    #expect(await finished(polling))
    #expect(model.polls == 6)
  }

  @Test func timeoutWinsOverASlowRequest() async {
    let clock = TestClock()
    let model = TimeoutModel(environment: environment(clock: clock))
    let fetch = Task { await model.fetch() }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(5))
    #expect(await finished(fetch))
    #expect(model.outcome == "timed out")
  }

  // MARK: Models off the main actor

  @Test func actorTimerTicks() async {
    let clock = TestClock()
    let ticker = TickerActor(environment: environment(clock: clock))
    let timer = Task { await ticker.start() }
    await clock.waitForSleepers()
    for _ in 1...3 { await tick(clock, by: .seconds(1)) }
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
    await saver.pending?.value
    #expect(await saver.saved == ["Hello"])
  }

  @Test func nonisolatedTimerTicks() async {
    let clock = TestClock()
    let counter = BackgroundCounter(environment: environment(clock: clock))
    let timer = Task.detached { await counter.start() }
    await clock.waitForSleepers()
    for _ in 1...3 { await tick(clock, by: .seconds(1)) }
    #expect(counter.ticks == 3)
    timer.cancel()
    #expect(await finished(timer))
  }

  // MARK: Many sleepers, some cancelled

  /// 2,000 tasks asleep on one clock, half on the main actor and half off it, every seventh
  /// cancelled: each advance wakes exactly the tasks due by then (each of them ends: an event
  /// the test waits for), and leaves the others asleep.
  @Test func eachAdvanceWakesExactlyTheSleepersDueByThen() async {
    let clock = TestClock()
    var tasks: [(second: Int, task: Task<Void, any Error>)] = []
    for index in 0..<2_000 {
      let second = index % 100 + 1
      let deadline = clock.now.advanced(by: .seconds(second))
      let task =
        index.isMultiple(of: 2)
        ? Task { try await clock.sleep(until: deadline) }
        : Task.detached { try await clock.sleep(until: deadline) }
      tasks.append((second, task))
    }
    await clock.waitForSleepers(2_000)
    for (index, entry) in tasks.enumerated() where index.isMultiple(of: 7) { entry.task.cancel() }
    let cancelled = Set(tasks.indices.filter { $0.isMultiple(of: 7) })
    for second in 1...100 {
      await clock.advance(by: .seconds(1))
      for (index, entry) in tasks.enumerated() where entry.second == second {
        let result = await entry.task.result
        if cancelled.contains(index) {
          #expect(throws: CancellationError.self, "at \(second) s") { try result.get() }
        } else {
          #expect(throws: Never.self, "at \(second) s") { try result.get() }
        }
      }
      let stillAsleep = tasks.indices.filter {
        tasks[$0].second > second && !cancelled.contains($0)
      }
      #expect(await asleep(on: clock).count == stillAsleep.count, "at \(second) s")
    }
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
        await tick(clock, by: .seconds(1))
        await tick(clock, by: .seconds(1))
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
    await tick(clock, by: .seconds(1))
    withKnownIssue { model.incrementButtonTapped() }
    await tick(clock, by: .seconds(1))
    #expect(model.ticks == 3)
    timer.cancel()
    #expect(await finished(timer))
  }
}

/// Whether `task` ended (within the watchdog's time), whatever it returned.
private func finished<Success, Failure>(_ task: Task<Success, Failure>) async -> Bool {
  await outcome(of: Task<Void, any Error> { _ = await task.result }) != nil
}

/// Advances `clock` by `duration`, then waits until `asleep` tasks sleep on it again: a timer's
/// next sleep says that its tick is done.
@MainActor private func tick(
  _ clock: TestClock<Duration>, by duration: Duration, asleep: Int = 1
) async {
  await clock.advance(by: duration)
  await clock.waitForSleepers(asleep)
}

/// The deadlines of the tasks asleep on `clock`.
func asleep(on clock: TestClock<Duration>) async -> [String] {
  do {
    try await clock.checkSuspension()
    return []
  } catch let error as TestClockSuspensionError {
    return error.deadlines
  } catch {
    return ["\(error)"]
  }
}
