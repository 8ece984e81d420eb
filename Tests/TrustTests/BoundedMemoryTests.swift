import ComposableEnv
import Foundation
import TestSupport
import Testing

/// The heap of a long-lived environment does not grow with the reads of short-lived children,
/// whatever key paths they read. Before the fix, each read through a key path made at run time
/// (a new object each time) added an entry to the parent's cache.
@Suite("Bounded memory", .serialized)
struct BoundedMemoryTests {
  /// Heap growth over `rounds` rounds of `body`, after a first round that warms caches up: the
  /// least of three measurements, so that what tests running in parallel allocate meanwhile does
  /// not count (growth that the rounds cause shows in every measurement).
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

  @Test func runTimeKeyPathReadsAtOneEnvironmentStillReadCurrentValues() {
    let app = TrustRoot()
    for index in 0..<500 {
      app.with(\.flags, ["flag \(index)"])
      #expect(app[dynamicMember: \.[flag: "flag \(index)"]])
      #expect(!app[dynamicMember: \.[flag: "flag \(index + 1)"]])
    }
  }
}
