import ComposableEnv
import Foundation
import TestSupport
import Testing

/// Runs of `Dependencies.[countedKey:]`'s getter (one test reads it).
enum ManyKeysGetterRuns {
  static let counted = Counter()
}

extension Dependencies {
  /// One of many keys: a read-only key path with an argument whose getter counts its runs.
  subscript(countedKey index: Int) -> Int {
    ManyKeysGetterRuns.counted.increment()
    return self[TrustKeys.Number.self] &+ index
  }
}

/// An environment keeps every key it read cached, however many. Before, a node's cache held at
/// most 64 key-path entries and was rebuilt with none beyond that: a node read through more key
/// paths than that ran their getters (the slow path) at every read.
@Suite("Many keys at one environment", .serialized)
struct ManyKeysTests {
  @Test func aThousandKeyPathsReadAtOneEnvironmentStayCached() {
    let app = TrustRoot()
    // Made once and kept, as literal key paths are: stable identities.
    let paths: [KeyPath<Dependencies, Int>] = (0..<1_024).map { \.[countedKey: $0] }
    let before = ManyKeysGetterRuns.counted.count
    for _ in 0..<3 {
      for (index, path) in paths.enumerated() { #expect(app[dynamicMember: path] == index) }
    }
    #expect(ManyKeysGetterRuns.counted.count - before == 1_024, "getters ran again")
  }

  @Test func aThousandKeyPathsReResolveOnceAfterAWriteThenStayCached() {
    let app = TrustRoot()
    let paths: [KeyPath<Dependencies, Int>] = (0..<1_024).map { \.[countedKey: $0] }
    for path in paths { _ = app[dynamicMember: path] }
    // Overwritten once: every key re-resolves once, then stays cached again.
    _ = app.with(\.number, 1)
    let before = ManyKeysGetterRuns.counted.count
    for _ in 0..<2 {
      for (index, path) in paths.enumerated() { #expect(app[dynamicMember: path] == index + 1) }
    }
    #expect(ManyKeysGetterRuns.counted.count - before == 1_024, "getters ran again")
  }
}
