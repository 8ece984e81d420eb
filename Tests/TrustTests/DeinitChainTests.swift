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
  // Under a sanitizer, 10,000: before, 512 KB held about 490 links of a node's values and
  // 3,600 of a scope's.
  #if DEBUG
    static let links = isUnderASanitizer ? 10_000 : 100_000
  #else
    static let links = isUnderASanitizer ? 10_000 : 1_000_000
  #endif

  @Test func aChainOfLinksWhoseDeinitWritesTheNextRunsOnA512KBStack() {
    let released = Shared(0)
    let finished = Shared(false)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let root = ChainRoot()
      root.with(\.link, Link(Self.links, root, released))
      root.with(\.link, nil)
      finished.value = true
      done.signal()
    }
    // Plain Swift releases the same chain in ~130 bytes a link; 512 KB holds ~400 links of 1.3 KB.
    thread.stackSize = 512 * 1024
    thread.start()
    #expect(done.wait(timeout: .now() + 300) == .success, "the chain finished within 5 minutes")
    #expect(finished.value)
    #expect(released.value == Self.links + 1, "every link was released")
  }

  /// Each link's `deinit` sets the next link on a temporary root environment, which it drops: the
  /// next link is released with that root's node, through the node's own values. Before, a
  /// node's values were released inline in its `deinit`: 1,072 bytes of stack a link.
  @Test func aChainOfLinksWhoseDeinitSetsTheNextOnATemporaryRootRunsOnA512KBStack() async {
    let released = Shared(0)
    let finished = await finishesWhileSuspended(within: 300, stackSize: 512 * 1024) {
      _ = RootLink(Self.links, released)
    }
    #expect(finished, "the chain finished within 5 minutes")
    #expect(released.value == Self.links + 1, "every link was released")
  }

  /// Each link's `deinit` sets the next link on a derived child of a temporary root, which it
  /// drops: the next link is released with the child, through the root's derived children.
  @Test func aChainOfLinksWhoseDeinitSetsTheNextOnADerivedChildRunsOnA512KBStack() async {
    let released = Shared(0)
    let finished = await finishesWhileSuspended(within: 300, stackSize: 512 * 1024) {
      _ = DerivedLink(Self.links, released)
    }
    #expect(finished, "the chain finished within 5 minutes")
    #expect(released.value == Self.links + 1, "every link was released")
  }
}

/// A link whose `deinit` sets the next link on a root environment of its own, then drops it.
final class RootLink: @unchecked Sendable {
  // `@unchecked Sendable`: immutable; the counter is locked.
  let left: Int
  let released: Shared<Int>

  init(_ left: Int, _ released: Shared<Int>) {
    self.left = left
    self.released = released
  }

  deinit {
    released.value += 1
    guard left > 0 else { return }
    // Handed over with the subscript's setter, which takes the new link: the environment holds
    // its last reference. (Passed to `with(_:_:)`, which borrows it, the caller's temporary could
    // outlive the environment in an optimized build: the last release would be this frame's.)
    let root = ChainRoot()
    root[\.rootLink] = RootLink(left - 1, released)
  }
}

/// A link whose `deinit` sets the next link on a derived child of a root of its own, then drops
/// the root.
final class DerivedLink: @unchecked Sendable {
  // `@unchecked Sendable`: immutable; the counter is locked.
  let left: Int
  let released: Shared<Int>

  init(_ left: Int, _ released: Shared<Int>) {
    self.left = left
    self.released = released
  }

  deinit {
    released.value += 1
    guard left > 0 else { return }
    // Handed over with the subscript's setter (see `RootLink`).
    let child = ChainRoot().derived(ChainRoot.self)
    child[\.derivedLink] = DerivedLink(left - 1, released)
  }
}

/// A link whose `deinit` sets the next link on its environment and then clears it.
final class Link: @unchecked Sendable {
  // `@unchecked Sendable`: immutable; the counter is locked.
  let left: Int
  let environment: ChainRoot
  let released: Shared<Int>

  init(_ left: Int, _ environment: ChainRoot, _ released: Shared<Int>) {
    self.left = left
    self.environment = environment
    self.released = released
  }

  deinit {
    released.value += 1
    if left > 0 {
      environment.with(\.link, Link(left - 1, environment, released))
      environment.with(\.link, nil)
    }
  }
}

final class ChainRoot: ComposableEnvironment, @unchecked Sendable {}

private enum LinkKey: LiveInTests { static var defaultValue: Link? { nil } }
private enum RootLinkKey: LiveInTests { static var defaultValue: RootLink? { nil } }
private enum DerivedLinkKey: LiveInTests { static var defaultValue: DerivedLink? { nil } }

extension Dependencies {
  fileprivate var link: Link? {
    get { self[LinkKey.self] }
    set { self[LinkKey.self] = newValue }
  }
  fileprivate var rootLink: RootLink? {
    get { self[RootLinkKey.self] }
    set { self[RootLinkKey.self] = newValue }
  }
  fileprivate var derivedLink: DerivedLink? {
    get { self[DerivedLinkKey.self] }
    set { self[DerivedLinkKey.self] = newValue }
  }
}
