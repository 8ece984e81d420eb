import ComposableEnv
import Foundation
import TestSupport
import Testing

/// A value whose `deinit` writes a fresh value of its kind, which the next write replaces (a
/// linked structure, a cache that refills itself): each link's release runs the next link's
/// `deinit`. The library releases what a write replaces iteratively, so such a chain runs with
/// a constant stack, as ThreadSafety.md promises ("nested to any depth"); it used to recurse
/// through the write path, about 1.3 KB of stack per link, and 10,000 links overflowed 8 MB.
@Suite("Deinit chains through writes")
struct DeinitChainTests {
  @Test func aChainOfLinksWhoseDeinitWritesTheNextRunsOnA512KBStack() {
    let released = Shared(0)
    let finished = Shared(false)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      // Each link sets the next on one environment and clears it: the write that clears it
      // releases the link.
      PinnedReaderExclusion.run {
        let root = ChainRoot()
        root.with(
          \.chainLink,
          ChainLink(ChainLength.links, released) { next in
            root.with(\.chainLink, next())
            root.with(\.chainLink, nil)
          })
        root.with(\.chainLink, nil)
      }
      finished.value = true
      done.signal()
    }
    // Plain Swift releases the same chain in ~130 bytes a link; 512 KB holds ~400 links of 1.3 KB.
    thread.stackSize = 512 * 1024
    thread.start()
    #expect(
      done.wait(timeout: .now() + hangDeadline) == .success, "the chain finished within 5 minutes")
    #expect(finished.value)
    #expect(released.value == ChainLength.links + 1, "every link was released")
  }

  /// Each link's `deinit` sets the next link on a temporary root environment, which it drops: the
  /// next link is released with that root's node, through the node's own values. Before, a
  /// node's values were released inline in its `deinit`: 1,072 bytes of stack a link.
  @Test func aChainOfLinksWhoseDeinitSetsTheNextOnATemporaryRootRunsOnA512KBStack() async {
    let released = Shared(0)
    let finished = await finishesWhileSuspended(stackSize: 512 * 1024) {
      PinnedReaderExclusion.run {
        _ = ChainLink(ChainLength.links, released) { next in
          // The root outlives the statement that sets the link (see `ChainLink`).
          let root = ChainRoot()
          withExtendedLifetime(root) { root[\.chainLink] = next() }
        }
      }
    }
    #expect(finished, "the chain finished within 5 minutes")
    #expect(released.value == ChainLength.links + 1, "every link was released")
  }

  /// Each link's `deinit` sets the next link on a derived child of a temporary root, which it
  /// drops: the next link is released with the child, through the root's derived children.
  @Test func aChainOfLinksWhoseDeinitSetsTheNextOnADerivedChildRunsOnA512KBStack() async {
    let released = Shared(0)
    let finished = await finishesWhileSuspended(stackSize: 512 * 1024) {
      PinnedReaderExclusion.run {
        _ = ChainLink(ChainLength.links, released) { next in
          let child = ChainRoot().derived(ChainRoot.self)
          withExtendedLifetime(child) { child[\.chainLink] = next() }
        }
      }
    }
    #expect(finished, "the chain finished within 5 minutes")
    #expect(released.value == ChainLength.links + 1, "every link was released")
  }
}

final class ChainRoot: ComposableEnvironment, @unchecked Sendable {}
