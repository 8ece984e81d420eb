// The examples of the clocks' doc comments (Sources/_DependencyClocks) and of the testing
// product's article on clocks, compiled and run as written there.
import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

// TestClock's example.
@MainActor @Test(.dependencyTestContext) func searchWaitsForTheTypingToStop() async {
  let clock = TestClock()
  let search = SearchModel(environment: ClockEnvironment().with(\.continuousClock, clock))
  search.queryChanged("swi")  // debounced: a task waits 300 ms on the clock
  await clock.waitForSleepers()  // that task is asleep on the clock
  await clock.advance(by: .milliseconds(299))
  #expect(search.results.isEmpty)
  await clock.advance(by: .milliseconds(1))  // the debounce fires
  await search.debounce?.value  // and the search it started has ended
  #expect(search.results == ["swift", "swiftly"])
}

@MainActor @Suite(.dependencyTestContext) struct ClockDocumentationExamples {
  @Test func advanceBy() async {
    let clock = TestClock()
    let model = CounterModel(environment: ClockEnvironment().with(\.continuousClock, clock))
    let timer = Task { await model.startTimer() }  // ticks once a second, on the main actor
    await clock.waitForSleepers()
    for tick in 1...3 {
      await clock.advance(by: .seconds(1))
      await clock.waitForSleepers()  // the timer sleeps again: its tick is done
      #expect(model.ticks == tick)
    }
    timer.cancel()
  }

  @Test func waitForSleepers() async {
    let clock = TestClock()
    let model = CounterModel(environment: ClockEnvironment().with(\.continuousClock, clock))
    model.onAppear()  // starts the model's timer in a task of its own
    await clock.waitForSleepers(1)  // the timer is asleep on the clock
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)  // asleep again: the first tick is done
    #expect(model.ticks == 1)
    model.onDisappear()
  }

  @Test func run() async throws {
    let clock = TestClock()
    let sleepers = (1...3).map { n in Task { try await clock.sleep(for: .seconds(n)) } }
    await clock.waitForSleepers(3)
    await clock.run()  // wakes the three, in deadline order
    for sleeper in sleepers { try await sleeper.value }
    #expect(clock.now.offset == .seconds(3))
  }

  @Test func immediateClock() async throws {
    let clock = ImmediateClock()
    let model = RetryModel(environment: ClockEnvironment().with(\.continuousClock, clock))
    try await model.load()  // sleeps 1 s, 2 s, 4 s: returns at once
    #expect(clock.now.offset == .seconds(7))
  }

  @Test func immediateClockInit() {
    let environment = ClockEnvironment().with(\.continuousClock, ImmediateClock())
    #expect(environment.clock is ImmediateClock<Duration>)
  }
}

// The article "Testing code that sleeps" (ComposableEnvTesting.docc).
@MainActor @Test(.dependencyTestContext) func timerTicksOnceASecond() async {
  let clock = TestClock()
  let model = CounterModel(environment: ClockEnvironment().with(\.continuousClock, clock))
  let timer = Task { await model.startTimer() }
  await clock.waitForSleepers()  // the task the test started is asleep on the clock
  for tick in 1...3 {
    await clock.advance(by: .seconds(1))  // wakes the timer
    await clock.waitForSleepers()  // it sleeps again: its tick is done
    #expect(model.ticks == tick)
  }
  timer.cancel()
}
