import ComposableEnv
import Foundation
import TestSupport
import Testing

/// The heap of a long-lived environment does not grow with the reads of short-lived children,
/// whatever key paths they read. Before the fix, each read through a key path made at run time
/// (a new object each time) added an entry to the parent's cache.
/// Whether this process measures the heap itself: in the child process that
/// `BoundedMemoryInAChildProcess` starts, where no other test allocates meanwhile (tests running
/// beside these, whatever they are, held megabytes across every measurement window), or where a
/// child process cannot be started.
let measuresHeapHere =
  ProcessInfo.processInfo.environment["ENVIRONMENT_MEASURE_HEAP"] == "1"
  || !ChildTestRun.isSupported

/// Runs `BoundedMemoryTests` and `KeptKeyPathTests` alone, in a child process of this test
/// binary (the second fills the process's set of kept key paths, and checks what happens beyond
/// it).
@Suite("Bounded memory, alone in a child process")
struct BoundedMemoryInAChildProcess {
  @Test(.enabled(if: !measuresHeapHere))
  func theHeapStaysBoundedMeasuredWithNoOtherTestRunning() async throws {
    let run = try await ChildTestRun(
      filter: "BoundedMemoryTests|KeptKeyPathTests", variables: ["ENVIRONMENT_MEASURE_HEAP": "1"],
      within: 600)
    #expect(run.finished && run.status == 0, "\(run.output)")
    #expect(run.output.contains("passed"), "\(run.output)")
  }
}

@Suite("Bounded memory", .serialized, .enabled(if: measuresHeapHere))
struct BoundedMemoryTests {
  /// Heap growth over `rounds` rounds of `body`, after a first round that warms caches up: the
  /// least of three measurements, so that what the library's own threads allocate meanwhile
  /// does not count (growth that the rounds cause shows in every measurement).
  static func growth(rounds: Int, _ body: (Int) -> Void) throws -> Int {
    for index in 0..<1_000 { body(index) }
    var least = Int.max
    for attempt in 0..<3 {
      let before = try #require(heapBytesInUse())
      for index in 0..<rounds { body(attempt * rounds + index) }
      let after = try #require(heapBytesInUse())
      least = min(least, after - before)
    }
    return least
  }

  @Test func shortLivedChildrenReadingRunTimeKeyPathsDoNotGrowTheirParent() throws {
    let app = TrustRoot()
    let names = ["f0", "f1", "f2"]
    let bytes = try Self.growth(rounds: 30_000) { index in
      let child = app.makeChild(TrustNode.self)
      _ = child[dynamicMember: \.[flag: names[index % 3]]]
      _ = child[dynamicMember: (\Dependencies.label).appending(path: \String.count)]
    }
    #expect(bytes < 1 << 20, "the heap grew by \(bytes) bytes")
  }

  @Test func readsThroughRunTimeKeyPathsDoNotGrowTheEnvironmentRead() throws {
    let app = TrustRoot()
    let bytes = try Self.growth(rounds: 30_000) { index in
      _ = app[dynamicMember: \.[flag: "flag \(index % 7)"]]
      _ = app[dynamicMember: (\Dependencies.label).appending(path: \String.count)]
    }
    #expect(bytes < 1 << 20, "the heap grew by \(bytes) bytes")
  }

  @Test func writesThroughRunTimeKeyPathsDoNotGrowTheProcess() throws {
    let app = TrustRoot()
    let bytes = try Self.growth(rounds: 20_000) { index in
      let base: WritableKeyPath<Dependencies, Dependencies> = \.self
      let number: WritableKeyPath<Dependencies, Int> = \.number
      let keyPath = base.appending(path: number)
      app.with(keyPath, index)
    }
    #expect(bytes < 1 << 20, "the heap grew by \(bytes) bytes")
  }

  @Test func declaredKeyPathsWithArgumentsLeaveTheHeapAsItWasOnceTheirTenantsAreGone() throws {
    let live = LiveCount()
    let before = try #require(heapBytesInUse())
    for index in 0..<5_000 {
      let environment = TenantEnvironment(tenant: Tenant(index, live))
      _ = environment.size
    }
    let after = try #require(heapBytesInUse())
    #expect(live.count == 0)
    #expect(after - before < 1 << 20, "the heap grew by \(after - before) bytes")
  }

  @Test func runTimeKeyPathReadsAtOneEnvironmentStillReadCurrentValues() {
    let app = TrustRoot()
    for index in 0..<500 {
      app.with(\.flags, ["flag \(index)"])
      #expect(app[dynamicMember: \.[flag: "flag \(index)"]])
      #expect(!app[dynamicMember: \.[flag: "flag \(index + 1)"]])
    }
  }
}
