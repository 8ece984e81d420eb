import Foundation
import TestSupport
import Testing

@testable import _EnvironmentCore

// The interleaving points and injected faults exist in checked (debug) builds only.
#if DEBUG

  /// Whether this process explores interleavings: a child process started by
  /// `InterleavingTests`, where no other test's threads touch the process-wide reclamation state
  /// (another test's pinned reader would change which thread frees a table between two runs of
  /// one schedule).
  let exploresInterleavings = ProcessInfo.processInfo.environment["ENVIRONMENT_EXPLORE"] == "1"

  /// The scenarios explored, in the child process. Serialized: one exploration at a time.
  @Suite(.serialized, .enabled(if: exploresInterleavings && InternalCheck.isEnabled))
  struct InterleavingExplorations {
    static func explore(_ scenario: Scenario, bound: Int = 3) {
      let exploration = Explorer(preemptionBound: bound).explore(scenario)
      #expect(exploration.failure == nil, "\(exploration.failure ?? "")")
      #expect(exploration.interleavings > 1)
      // Read by the parent test: what was explored.
      print(
        "explored \(scenario.name): \(exploration.interleavings) interleavings, preemption bound "
          + "\(bound), up to \(exploration.longest) steps, points "
          + "\(exploration.pointsReached.sorted().joined(separator: " "))")
    }

    @Test func writeVersusCachedRead() { Self.explore(Scenarios.writeVersusCachedRead) }
    @Test func writeVersusReadsElsewhere() { Self.explore(Scenarios.writeVersusReadsElsewhere) }
    @Test func writeVersusFirstRead() { Self.explore(Scenarios.writeVersusFirstRead) }
    @Test func nestedRetireDuringFree() { Self.explore(Scenarios.nestedRetireDuringFree) }
    @Test func releaseOfANodeUnderReaders() { Self.explore(Scenarios.releaseOfANodeUnderReaders) }
    @Test func tableGrowth() { Self.explore(Scenarios.tableGrowth) }
    @Test func threadExit() { Self.explore(Scenarios.threadExit) }

    /// `scenario` with `fault` injected on its thread `index`.
    static func injecting(_ fault: InjectedFaults, onThread index: Int, of scenario: Scenario)
      -> Scenario
    {
      Scenario(name: "\(scenario.name), with a fault injected") {
        var run = scenario.make()
        let body = run.threads[index]
        run.threads[index] = {
          ThreadContext.current.injectedFaults.insert(fault)
          body()
        }
        return run
      }
    }

    /// The harness finds the bug the write-count rule prevents when that rule is broken on purpose.
    @Test func brokenWriteCountRuleIsFound() {
      let broken = Self.injecting(
        .ignoresWriteCount, onThread: 0, of: Scenarios.writeVersusFirstRead)
      let exploration = Explorer(preemptionBound: 1).explore(broken)
      #expect(exploration.failure?.contains("after the write, not v1") == true)
      print("found with the write-count rule broken: \(exploration.failure ?? "nothing")")
    }

    /// The harness finds a table left queued after every thread is done when readers that unpin
    /// make no pass (the bound on queued tables broken on purpose).
    @Test func brokenPassOnUnpinIsFound() {
      let broken = Self.injecting(
        .unpinsWithoutPass, onThread: 1, of: Scenarios.writeVersusReadsElsewhere)
      let exploration = Explorer(preemptionBound: 1).explore(broken)
      #expect(exploration.failure?.contains("still queued") == true)
      print("found with no pass on unpin: \(exploration.failure ?? "nothing")")
    }

    /// The harness finds a reader that copies a released value when a retirement frees its
    /// table while that reader is pinned (the safety rule broken on purpose).
    @Test func brokenWaitForPinnedReadersIsFound() {
      let broken = Self.injecting(
        .retiresWithoutWaiting, onThread: 0, of: Scenarios.writeVersusCachedRead)
      let exploration = Explorer(preemptionBound: 1).explore(broken)
      #expect(exploration.failure != nil)
      print("found with retirements that do not wait: \(exploration.failure ?? "nothing")")
    }
  }

  /// Runs the explorations in a child process of this test binary (see `exploresInterleavings`).
  @Suite("Interleavings")
  struct InterleavingTests {
    @Test(
      .enabled(if: ChildTestRun.isSupported && InternalCheck.isEnabled && !exploresInterleavings))
    func everyInterleavingOfTheCoresScenariosWithinTheBoundIsCorrect() async throws {
      let run = try await ChildTestRun(
        filter: "InterleavingExplorations", variables: ["ENVIRONMENT_EXPLORE": "1"], within: 900)
      #expect(run.finished && run.status == 0, "\(run.output)")
      let explored = run.output.split(separator: "\n").filter {
        $0.hasPrefix("explored") || $0.hasPrefix("found")
      }
      #expect(explored.count == Scenarios.all.count + 3, "\(run.output)")
      for line in explored { print(line) }
    }
  }
#endif
