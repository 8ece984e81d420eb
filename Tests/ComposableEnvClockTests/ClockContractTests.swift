// The test clock's contract, each case exact run after run: what the clock waits for (a woken
// sleep has returned, a sleep that has begun is queued) and what a test waits for itself (a woken
// task's next sleep, or its end). `ClockContractTests` runs each case 10 times beside the suite;
// `ClockContractSoakTests`, 100 times while threads of their own keep every core busy (CI's soak
// step). The clock is the same in both environment modules: these tests use it directly.
import ComposableEnv
import Foundation
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(10)))
struct ClockContractTests {
  @Test func eachStepWakesExactlyTheSleepsDueAndStaysThere() async throws {
    try await ClockContract.eachStepWakesExactlyTheSleepsDue(runs: 10)
  }

  @Test func aTimerSteppedByItsIntervalTicksAtEachInterval() async throws {
    try await ClockContract.aTimerSteppedByItsIntervalTicks(runs: 10)
  }

  @Test func runWakesEverySleepBegunBeforeIt() async throws {
    try await ClockContract.runWakesEverySleepBegunBeforeIt(runs: 10)
  }
}

/// The cases, each run `runs` times.
enum ClockContract {
  /// Stepped deadline by deadline, each woken task reads the clock at its own deadline: the
  /// clock does not move on until the test advances it again, and the test reads each task's
  /// value (an event) first. The tasks still asleep are exactly those not due.
  static func eachStepWakesExactlyTheSleepsDue(runs: Int) async throws {
    for _ in 0..<runs {
      let clock = TestClock()
      let sleepers = (1...4).map { second in
        second.isMultiple(of: 2)
          ? Task { @MainActor in
            try await clock.sleep(for: .seconds(second))
            return clock.now
          }
          : Task {
            try await clock.sleep(for: .seconds(second))
            return clock.now
          }
      }
      await clock.waitForSleepers(4)
      for (index, sleeper) in sleepers.enumerated() {
        let second = index + 1
        await clock.advance(to: .init(offset: .seconds(second)))
        #expect(try await sleeper.value.offset == .seconds(second))
        let notDue = Set((second + 1..<5).map { "\(Duration.seconds($0))" })
        #expect(Set(await asleep(on: clock)) == notDue)
      }
    }
  }

  /// A timer on the main actor, stepped one interval at a time, with another sleep in between
  /// (at 15 s): each step waits for the timer's next sleep, so its ticks are at 2, 4, … 20 s.
  static func aTimerSteppedByItsIntervalTicks(runs: Int) async throws {
    for _ in 0..<runs {
      let clock = TestClock()
      let ticks = Shared<[Duration]>([])
      let timer = Task { @MainActor in
        while true {
          do { try await clock.sleep(for: .seconds(2)) } catch { return }
          ticks.update { $0.append(clock.now.offset) }
        }
      }
      let other = Task { try await clock.sleep(for: .seconds(15)) }
      await clock.waitForSleepers(2)
      for step in 1...10 {
        await clock.advance(by: .seconds(2))
        // The timer sleeps again (beside the other sleep, until it woke at 15 s).
        await clock.waitForSleepers(2 * step < 15 ? 2 : 1)
        #expect(ticks.value == (1...step).map { Duration.seconds(2 * $0) })
      }
      try await other.value
      timer.cancel()
      #expect(await outcome(of: Task { await timer.value }) != nil, "the timer ended")
    }
  }

  /// `run` wakes every sleep begun before it, in deadline order, and stops at the last deadline.
  static func runWakesEverySleepBegunBeforeIt(runs: Int) async throws {
    for _ in 0..<runs {
      let clock = TestClock()
      let sleepers = [3, 1, 2].map { n in Task { try await clock.sleep(for: .seconds(n)) } }
      await clock.waitForSleepers(3)
      await clock.run()
      for sleeper in sleepers { try await sleeper.value }
      #expect(clock.now.offset == .seconds(3))
      #expect(await asleep(on: clock).isEmpty)
    }
  }
}
