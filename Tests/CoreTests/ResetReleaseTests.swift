import DependencyValues
import TestSupport
import Testing

@testable import _EnvironmentCore

/// A default whose `deinit` makes the next link the tree's default and resets the tree's
/// defaults again: each reset releases the link the previous one computed. Released by
/// `DeferredRelease`, as every other release of the core, such a chain runs at a constant stack
/// depth; before, `resetDefaults()` released the dropped defaults on its own stack, about 480
/// bytes a link (4,000 links overflowed 512 KB).
@Suite("Releases of reset defaults")
struct ResetReleaseTests {
  @Test func aChainOfDefaultsWhoseDeinitResetsTheTreeRunsOnA512KBStack() async {
    #expect(await chainFinishes(ResetLinkKey.self, in: nil))
  }

  /// The same through a test context's reset (GlobalEnv's `Dependencies.reset()` in a test),
  /// which forgets that context's defaults.
  @Test func aChainOfDefaultsWhoseDeinitResetsATestContextRunsOnA512KBStack() async {
    #expect(
      await chainFinishes(ContextResetLinkKey.self, in: TestContext(ownedByTheRunningTest: false)))
  }

  /// Whether a chain of links, defaults of `Key` each resetting the defaults of `context` (all,
  /// for `nil`) in its `deinit`, is released on a 512 KB stack within 5 minutes, every link.
  private func chainFinishes<Key: ResetLinkSlot>(_: Key.Type, in context: TestContext?) async
    -> Bool
  {
    let released = Shared(0)
    let links = isUnderASanitizer ? 10_000 : 100_000
    let finished = await finishesWhileSuspended(stackSize: 512 * 1024) {
      PinnedReaderExclusion.run {
        let root = Node.makeRoot(environmentType: ResetReleaseTests.self, testContext: context)
        ResetLink.install(ResetLink(links, released, Key.self, at: root, context: context))
      }
    }
    return finished && released.value == links + 1
  }
}

/// A default that, when released, makes the next link its key's default and resets the tree.
private final class ResetLink: @unchecked Sendable {
  // `@unchecked Sendable`: immutable; the counter and the slots are locked.
  let left: Int
  let released: Shared<Int>
  let key: any ResetLinkSlot.Type
  let root: Node
  let context: TestContext?

  init(
    _ left: Int, _ released: Shared<Int>, _ key: any ResetLinkSlot.Type, at root: Node,
    context: TestContext?
  ) {
    (self.left, self.released, self.key, self.root, self.context) =
      (left, released, key, root, context)
  }

  /// Makes `link` (the caller's last reference) the default of its key on its root's tree, then
  /// resets the defaults: the reset releases it.
  static func install(_ link: consuming ResetLink) {
    let (key, root, context) = (link.key, link.root, link.context)
    key.slot.value = consume link
    key.read(at: root)
    if let context { root.resetDefaults(of: context) } else { root.resetDefaults() }
  }

  deinit {
    released.value += 1
    guard left > 0 else { return }
    ResetLink.install(ResetLink(left - 1, released, key, at: root, context: context))
  }
}

/// A key whose default is the link in its slot, which the default takes out. A key of its own
/// per test: tests run in parallel.
private protocol ResetLinkSlot: LiveInTests where Value == ResetLink? {
  static var slot: Shared<ResetLink?> { get }
}

extension ResetLinkSlot {
  static var defaultValue: ResetLink? {
    let link = slot.value
    slot.value = nil
    return link
  }

  /// Reads the key at `root`, computing its default, and drops the value read.
  static func read(at root: Node) { _ = root.dependencies()[Self.self] }
}

private enum ResetLinkKey: ResetLinkSlot { static let slot = Shared<ResetLink?>(nil) }
private enum ContextResetLinkKey: ResetLinkSlot { static let slot = Shared<ResetLink?>(nil) }
