import ComposableEnv
import Foundation
import TestSupport
import Testing

/// A per-request environment, made and dropped a million times.
private final class ChurnedRequestEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.number) var number
  @Dependency(\.name) var name
  @Dependency(\.mainQueue) var mainQueue
}

/// Soak-sized tests of short-lived children: `swift test` leaves them out, and CI runs every
/// suite named `…SoakTests` with `SWIFT_COMPOSABLE_ENV_SOAK=1` (CIWorkflowTests checks the rule).
@Suite struct ShortLivedChildSoakTests {
  /// Soak-sized (about 25 s alone in a debug build, minutes on a loaded machine).
  @Test(.soakSized) func aMillionUncachedChildrenLeaveTheHeapFlat() async throws {
    let app = AppEnvironment().with(\.number, 1)
    _ = (app.number, app.name, app.mainQueue)
    /// Makes, reads and drops `count` children, yielding now and then: a long loop must not
    /// hold one of the few threads that tests running in parallel share.
    func churn(_ count: Int) async {
      for index in 0..<count {
        let request = app.makeChild(ChurnedRequestEnvironment.self)
        precondition(request.number == 1 && request.name == "default")
        _ = request.mainQueue
        if index % 1_000 == 0 { await Task.yield() }
      }
    }
    /// The heap in use, at its lowest of a few readings (tests running in parallel allocate and
    /// free meanwhile); with `below`, readings go on for up to 3 s until one is below it, so that
    /// a test beside this one that holds memory for a while does not count as a leak, while a
    /// leak, which stays, still does.
    func settledHeap(below bound: Int = .min) async throws -> Int {
      var lowest = Int.max
      for reading in 0..<150 {
        lowest = min(lowest, try #require(heapBytesInUse()))
        if reading >= 9, lowest < bound { break }
        if reading >= 9, bound == .min { break }
        try await Task.sleep(nanoseconds: 20_000_000)
      }
      return lowest
    }
    await churn(10_000)
    let before = try await settledHeap()
    await churn(990_000)
    let after = try await settledHeap(below: before + (1 << 20))
    // A leak of even one byte per child would be ≈ 1 MB.
    #expect(after - before < 1 << 20, "heap grew by \(after - before) bytes")
  }
}
