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
    let finished = finishes(write)
    stop.store(true, ordering: .relaxed)
    return finished && readers.wait(timeout: .now() + hangDeadline) == .success
  }

  /// Runs `write` (given a root the readers read, another root, and the count of the values it
  /// writes) while two threads read the root and its first `depth` descendants; expects it to
  /// finish, and every value it replaced to be released once it is done (at once, or, beside
  /// another test's reader pinned just then, as that reader unpins).
  static func expectNoFreeze(
    readingDescendants depth: Int,
    _ write: @escaping @Sendable (_ root: TrustRoot, _ other: TrustRoot, _ live: LiveCount) -> Void
  ) {
    let root = TrustRoot()
    let live = LiveCount()
    let shared = Shared((root, TrustRoot()))
    let finished = readWhile(Array([root.child, root.child.next].prefix(depth)), root: root) {
      let (root, other) = shared.value
      write(root, other, live)
    }
    #expect(finished, "a write froze")
    // A descendant whose last read came before the last write keeps the value it cached then
    // until it is read again (writes invalidate lazily: Design.md, "What invalidates what"); a
    // read drops that stale table. What is checked is that no retired table is left unfreed.
    for node in [root.child, root.child.next].prefix(depth) {
      _ = (node[dynamicMember: \.hook], node[dynamicMember: \.fetch])
    }
    // Up to 60 s: a reader of another test pinned meanwhile holds the release until it unpins,
    // and in CI's coverage run beside the whole suite that once took more than 10 s.
    #expect(becomesTrue { live.count == 1 }, "replaced values alive: \(live.count)")
  }

  @Test func overwritingAClosureThatHoldsARequestsEnvironmentUnderReadersNeverFreezes() {
    Self.expectNoFreeze(readingDescendants: 2) { root, _, live in
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
  }

  @Test func overwritingValuesWhoseDeinitReadsWritesDerivesAndReleasesNeverFreezes() {
    Self.expectNoFreeze(readingDescendants: 2) { root, other, live in
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
  }

  @Test func aDeinitThatStartsAndJoinsAThreadWritingTheLibraryNeverFreezes() {
    Self.expectNoFreeze(readingDescendants: 1) { root, other, live in
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
  }

  /// The readers have stopped when the count is checked: every table they held back was freed by
  /// the last of them as it unpinned (or, beside other tests, by those tests' readers as they
  /// unpin), with no further operation.
  @Test func valuesReplacedUnderReadersAreReleasedOnceWritesStopWithNoFurtherOperation() {
    Self.expectNoFreeze(readingDescendants: 2) { root, _, live in
      for step in 0..<Self.writes {
        _ = root.with(\.hook, ReentrantValue("w\(step)", live) {})
      }
    }
  }
}
