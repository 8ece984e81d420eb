// The example of the testing product's article on clocks, compiled and run as written there.
import GlobalEnv
import GlobalEnvTesting
import Testing

// The article "Testing code that sleeps" (GlobalEnvTesting.docc).
@MainActor @Test(.dependencyTestContext) func timerTicksOnceASecond() async {
  let clock = TestClock()
  let model = Dependencies.withValues {
    $0.continuousClock = clock
  } operation: {
    CounterModel(environment: ClockEnvironment())
  }
  let timer = Task { await model.startTimer() }
  await clock.waitForSleepers()  // 1. the task the test started is asleep on the clock
  await clock.advance(by: .seconds(3))  // 2. returns after the third tick
  #expect(model.ticks == 3)
  timer.cancel()
}
