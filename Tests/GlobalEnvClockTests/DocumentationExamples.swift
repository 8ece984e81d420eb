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
  await clock.waitForSleepers()  // the task the test started is asleep on the clock
  for tick in 1...3 {
    await clock.advance(by: .seconds(1))  // wakes the timer
    await clock.waitForSleepers()  // it sleeps again: its tick is done
    #expect(model.ticks == tick)
  }
  timer.cancel()
}
