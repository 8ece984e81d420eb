import ComposableEnv
import Foundation
import Synchronization
import TestSupport
import Testing

/// Values whose release runs library code (a closure holding a request's environment, a client
/// whose `deinit` reads, writes, derives or releases environments, or starts and joins a thread
/// that does), overwritten while other threads read. Before retirement stopped waiting, the free
/// of a replaced table ran such a `deinit`, whose own retirement waited for the table its thread
/// was freeing: every writer of the process froze. Each test has a watchdog.
@Suite("Releases that re-enter the library")
struct ReentrantReleaseTests {
  #if DEBUG
    static let writes = 3_000
  #else
    static let writes = 100_000
  #endif

  /// Reads at `environments` on two threads until `stop` is set; returns once they have stopped.
  static func readWhile(
    _ environments: [TrustNode], root: TrustRoot, _ write: @escaping @Sendable () -> Void
  ) -> Bool {
    let stop = Atomic<Bool>(false)
    let readers = DispatchGroup()
    let shared = Shared((environments, root))
    for _ in 0..<2 {
      readers.enter()
      Thread {
        let (nodes, root) = shared.value
        while !stop.load(ordering: .relaxed) {
          _ = root[dynamicMember: \.fetch]()
          _ = root[dynamicMember: \.hook]?.token.isIntact
          for node in nodes {
            _ = node[dynamicMember: \.fetch]()
            precondition(
              node[dynamicMember: \.hook]?.token.isIntact ?? true, "a released value read")
          }
        }
        readers.leave()
      }.start()
    }
    let finished = finishes(within: 120, write)
    stop.store(true, ordering: .relaxed)
    return finished && readers.wait(timeout: .now() + 60) == .success
  }

  @Test func overwritingAClosureThatHoldsARequestsEnvironmentUnderReadersNeverFreezes() {
    let root = TrustRoot()
    let live = LiveCount()
    let shared = Shared(root)
    let finished = Self.readWhile([root.child, root.child.next], root: root) {
      let root = shared.value
      for step in 0..<Self.writes {
        let request = root.makeChild(TrustNode.self)
        _ = request.token  // the request caches a read: its release retires a table
        let token = LiveToken("w\(step)", live)
        _ = root.with(
          \.fetch,
          {
            _ = (request, token)
            return "r"
          })
      }
    }
    #expect(finished, "a write froze")
    #expect(
      becomesTrue(within: 10) { live.count == 1 }, "replaced closures are released: \(live.count)")
  }

  @Test func overwritingValuesWhoseDeinitReadsWritesDerivesAndReleasesNeverFreezes() {
    let root = TrustRoot()
    let other = TrustRoot()
    let live = LiveCount()
    let shared = Shared((root, other))
    let finished = Self.readWhile([root.child, root.child.next], root: root) {
      let (root, other) = shared.value
      for step in 0..<Self.writes {
        let request = root.makeChild(TrustNode.self)
        _ = request.token
        let value = ReentrantValue("w\(step)", live) { [request] in
          // Runs when the value is released: by a write, or by the free of a retired table.
          _ = other.with(\.label, "from deinit \(step)")
          _ = other.child.token
          _ = other.derived(TrustNode.self, id: step % 4).token
          let child = other.makeChild(TrustNode.self)
          _ = child.with(\.number, step).token
          _ = request.token
          _ = root.child.next[dynamicMember: \.fetch]()
        }
        _ = root.with(\.hook, value)
      }
    }
    #expect(finished, "a write froze")
    #expect(
      becomesTrue(within: 10) { live.count == 1 }, "replaced values are released: \(live.count)")
  }

  @Test func aDeinitThatStartsAndJoinsAThreadWritingTheLibraryNeverFreezes() {
    let root = TrustRoot()
    let other = TrustRoot()
    let live = LiveCount()
    let shared = Shared((root, other))
    let finished = Self.readWhile([root.child], root: root) {
      let (root, other) = shared.value
      for step in 0..<Self.writes / 10 {
        let value = ReentrantValue("w\(step)", live) {
          let joined = DispatchSemaphore(value: 0)
          Thread {
            let request = other.makeChild(TrustNode.self)
            _ = request.token
            _ = other.with(
              \.fetch,
              {
                _ = request
                return "t"
              })
            _ = root.child[dynamicMember: \.fetch]()
            joined.signal()
          }.start()
          joined.wait()
        }
        _ = root.with(\.hook, value)
      }
    }
    #expect(finished, "a write froze")
    #expect(
      becomesTrue(within: 10) { live.count == 1 }, "replaced values are released: \(live.count)")
  }

  @Test func valuesReplacedUnderReadersAreReleasedOnceWritesStopWithNoFurtherOperation() {
    let root = TrustRoot()
    let live = LiveCount()
    let shared = Shared(root)
    let finished = Self.readWhile([root.child, root.child.next], root: root) {
      let root = shared.value
      for step in 0..<Self.writes {
        _ = root.with(\.hook, ReentrantValue("w\(step)", live) {})
      }
    }
    #expect(finished)
    // The readers have stopped: every table they held back was freed by the last of them as it
    // unpinned (or, beside other tests, by those tests' readers as they unpin).
    #expect(becomesTrue(within: 10) { live.count == 1 }, "still alive: \(live.count)")
  }
}
