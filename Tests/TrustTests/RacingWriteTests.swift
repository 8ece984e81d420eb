import ComposableEnv
import Foundation
import Synchronization
import TestSupport
import Testing

/// Reference-typed values overwritten on one node of a read tree while other threads read them
/// on every path. Before the fix, the optimizer moved a reader's retain of the value after the
/// reader's unpin, and a writer freed the value in between (a use after free, in release builds).
/// CI also runs this suite in release mode.
@Suite("Racing writes against readers")
struct RacingWriteTests {
  #if DEBUG
    static let writes = 20_000
  #else
    static let writes = 1_000_000
  #endif

  /// Reads `token` at `environment` through the cached paths only, as fast as they go: the race
  /// against a write's release is narrow, and a tight loop meets it.
  static func readCachedPaths(of environment: ComposableEnvironment) -> String? {
    let first = environment[dynamicMember: \.token]
    let second = (environment as? TrustNode)?.token ?? (environment as! TrustRoot).token
    for token in [first, second] where !token.isIntact {
      return "read a released token"
    }
    return nil
  }

  /// A root, a middle node (a cached child) and a leaf (the middle node's cached child).
  struct ReadTree {
    let root = TrustRoot()
    var middle: TrustNode { root.child }
    var leaf: TrustNode { root.child.next }
    var nodes: [ComposableEnvironment] { [root, middle, leaf] }

    init() {
      root.aliasing(\.otherToken, to: \.token)
    }
  }

  /// Reads `token` at `environment` through every read path; returns what was wrong, if anything.
  static func readEveryPath(of environment: ComposableEnvironment, step: Int) -> String? {
    let tokens: [LiveToken] = [
      environment[dynamicMember: \.token],
      environment[\.token],
      environment[dynamicMember: \.otherToken],
      environment.derived(TrustNode.self, id: step % 3).token,
      environment.makeChild(TrustNode.self).token,
      (environment as? TrustNode)?.token ?? (environment as! TrustRoot).token,
    ]
    for token in tokens
    where !token.isIntact || !(token.name == "default" || token.name.hasPrefix("w")) {
      return "read \(token.name), intact: \(token.isIntact)"
    }
    return nil
  }

  /// Writes `writes` tokens at the node `target` picks while two threads read every node.
  static func race(writingAt target: (ReadTree) -> ComposableEnvironment) -> (
    failures: [String], live: LiveCount
  ) {
    let live = LiveCount()
    let failures = Shared<[String]>([])
    var tree: ReadTree? = ReadTree()
    let writer = target(tree!)
    let shared = Shared(tree!.nodes)
    let stop = Atomic<Bool>(false)
    let readersDone = DispatchGroup()
    for reader in 0..<2 {
      readersDone.enter()
      Thread {
        // The nodes are released before the thread says it is done (the count is checked then).
        do {
          let nodes = shared.value
          var step = 0
          while !stop.load(ordering: .relaxed) {
            for node in nodes {
              // Both read the cached paths; one also reads every path now and then.
              let failure =
                reader == 1 && step % 16 == 0
                ? readEveryPath(of: node, step: step) : readCachedPaths(of: node)
              if let failure {
                failures.update { $0.append(failure) }
              }
            }
            step += 1
          }
        }
        readersDone.leave()
      }.start()
    }
    for index in 0..<writes { writer.with(\.token, LiveToken("w\(index)", live)) }
    stop.store(true, ordering: .relaxed)
    readersDone.wait()
    tree = nil
    shared.value = []
    return (failures.value, live)
  }

  @Test(arguments: ["root", "middle", "leaf"])
  func classValueOverwrittenWhileReadOnEveryPathIsNeverUsedAfterRelease(_ target: String) {
    let result = Shared<(failures: [String], live: LiveCount)?>(nil)
    let finished = finishes {
      result.value = Self.race { tree in
        switch target {
        case "root": tree.root
        case "middle": tree.middle
        default: tree.leaf
        }
      }
    }
    #expect(finished)
    let outcome = result.value
    #expect(outcome?.failures == [])
    // Every replaced token was released; the tree (released) held the last one. At once, unless
    // a reader of another test running beside this one was pinned when a table was retired: that
    // reader frees it as it unpins (writes never wait for readers).
    #expect(becomesTrue { outcome?.live.count == 0 })
  }

  @Test func replacedValuesAreReleasedWhileTheTreeLives() {
    let live = LiveCount()
    let tree = ReadTree()
    _ = tree.leaf.token
    let finished = finishes {
      for index in 0..<5_000 {
        tree.root.with(\.token, LiveToken("w\(index)", live))
        _ = tree.leaf.token
        _ = tree.middle.token
      }
    }
    #expect(finished)
    // The current value, cached by three nodes, is the only one alive: each replaced value was
    // released by the write that replaced it, or, if a reader of another test running beside this
    // one was pinned then, by that reader as it unpinned (writes never wait for readers; the
    // interleaving harness checks that bound exactly, in `Tests/CoreTests/Interleavings`).
    #expect(becomesTrue { live.count == 1 })
  }

  @Test func heapStringsOverwrittenWhileReadAreNeverCorrupted() {
    let root = TrustRoot()
    let child = root.child
    let stop = Atomic<Bool>(false)
    let bad = Atomic<Int>(0)
    let done = DispatchGroup()
    done.enter()
    Thread {
      while !stop.load(ordering: .relaxed) {
        for environment in [root, child] as [ComposableEnvironment] {
          let label = environment[dynamicMember: \.label]
          if !(label == "none" || label.hasPrefix("a label long enough to live on the heap ")) {
            bad.add(1, ordering: .relaxed)
          }
        }
      }
      done.leave()
    }.start()
    let finished = finishes {
      for index in 0..<Self.writes {
        root.with(\.label, "a label long enough to live on the heap \(index)")
      }
    }
    stop.store(true, ordering: .relaxed)
    done.wait()
    #expect(finished)
    #expect(bad.load(ordering: .relaxed) == 0)
  }
}
