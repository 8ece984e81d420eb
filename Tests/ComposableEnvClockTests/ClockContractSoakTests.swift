// The test clock's contract (`ClockContract`), each case 100 times while threads of their own keep
// every core busy: run by CI's soak step (`SWIFT_COMPOSABLE_ENV_SOAK=1`).
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .timeLimit(.minutes(10)))
struct ClockContractSoakTests {
  @Test(.soakSized) func eachStepWakesExactlyTheSleepsDueUnderLoad() async throws {
    try await underLoad { try await ClockContract.eachStepWakesExactlyTheSleepsDue(runs: 100) }
  }

  @Test(.soakSized) func aTimerSteppedByItsIntervalTicksAtEachIntervalUnderLoad() async throws {
    try await underLoad { try await ClockContract.aTimerSteppedByItsIntervalTicks(runs: 100) }
  }

  @Test(.soakSized) func runWakesEverySleepBegunBeforeItUnderLoad() async throws {
    try await underLoad { try await ClockContract.runWakesEverySleepBegunBeforeIt(runs: 100) }
  }
}

/// Runs `body` while threads of their own, two per core, spin: the operating system preempts the
/// test's threads, as on a machine busy with other work.
private func underLoad(_ body: () async throws -> Void) async throws {
  let stop = Shared(false)
  let stopped = DispatchGroup()
  for _ in 0..<(2 * ProcessInfo.processInfo.activeProcessorCount) {
    stopped.enter()
    Thread {
      var spins = 0
      while !stop.value { spins &+= 1 }
      stopped.leave()
    }.start()
  }
  defer {
    stop.value = true
    stopped.wait()
  }
  try await body()
}
