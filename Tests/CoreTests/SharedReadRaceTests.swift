import DependencyValues
import Foundation
import TestSupport
import Testing

@testable import _EnvironmentCore

/// Reads a scope shares with its parent (`Node.sharedCachedValue`), racing writes of
/// reference-typed values to the parent and to the scopes, at package level.
@Suite("Shared reads racing writes")
struct SharedReadRaceTests {
  static let rounds = 2_000

  /// Threads make scopes that set another key and read `sharedToken` (shared from the root),
  /// while one thread replaces the root's token and some scopes set their own: every read gives
  /// an intact token, the root's or the scope's own, and no token outlives the tree.
  @Test func sharedReadsRacingWritesGiveIntactValuesThatEndWithTheirTree() {
    let live = LiveCount()
    let failures = Counter()
    #expect(
      finishes {
        let root = Node.makeRoot(
          environmentType: SharedReadRaceTests.self, testContext: nil, recordsReads: true)
        root.write(\.sharedToken, LiveToken("root", live))
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
          for round in 0..<Self.rounds {
            if worker == 0 {
              root.write(\.sharedToken, LiveToken("root", live))
              continue
            }
            let scope = Node.makeChild(
              of: root, environmentType: SharedReadRaceTests.self, testContext: nil,
              readsThroughWhileEmpty: true)
            scope.write(\.sharedOther, round)
            let token = scope.read(\.sharedToken)
            if !token.isIntact || token.name != "root" { failures.increment() }
            guard worker == 3 else { continue }
            scope.write(\.sharedToken, LiveToken("scope", live))
            if scope.read(\.sharedToken).name != "scope" { failures.increment() }
          }
        }
        if root.read(\.sharedToken).name != "root" { failures.increment() }
      })
    #expect(failures.count == 0)
    #expect(becomesTrue { live.count == 0 }, "tokens outlived their tree")
  }
}

private enum SharedTokenKey: LiveInTests {
  static var defaultValue: LiveToken { LiveToken("default", LiveCount()) }
}

private enum SharedOtherKey: LiveInTests { static var defaultValue: Int { 0 } }

extension Dependencies {
  fileprivate var sharedToken: LiveToken {
    get { self[SharedTokenKey.self] }
    set { self[SharedTokenKey.self] = newValue }
  }

  fileprivate var sharedOther: Int {
    get { self[SharedOtherKey.self] }
    set { self[SharedOtherKey.self] = newValue }
  }
}
