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
  #expect(search.results == ["swift", "swiftly"])
}

@MainActor @Suite(.dependencyTestContext) struct ClockDocumentationExamples {
  @Test func advanceBy() async {
    let clock = TestClock()
    let model = CounterModel(environment: ClockEnvironment().with(\.continuousClock, clock))
    let timer = Task { await model.startTimer() }  // ticks once a second, on the main actor
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3))
    #expect(model.ticks == 3)  // the third tick has happened
    timer.cancel()
  }

  @Test func waitForSleepers() async {
    let clock = TestClock()
    let model = CounterModel(environment: ClockEnvironment().with(\.continuousClock, clock))
    model.onAppear()  // starts the model's timer in a task of its own
    await clock.waitForSleepers(1)  // the timer is asleep on the clock
    await clock.advance(by: .seconds(3))
    #expect(model.ticks == 3)
    model.onDisappear()
  }

  @Test func run() async {
    let clock = TestClock()
    let model = RetryModel(environment: ClockEnvironment().with(\.continuousClock, clock))
    let load = Task { try await model.load() }  // retries after 1 s, 2 s and 4 s
    await clock.waitForSleepers()
    await clock.run()  // every retry ran
    #expect(model.loaded)
    _ = await load.result
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
  await clock.waitForSleepers()  // 1. the task the test started is asleep on the clock
  await clock.advance(by: .seconds(3))  // 2. returns after the third tick
  #expect(model.ticks == 3)
  timer.cancel()
}
