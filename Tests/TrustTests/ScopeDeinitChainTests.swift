import Foundation
import GlobalEnv
import TestSupport
import Testing

/// Values whose `deinit` runs a `withDependencies` scope that holds the next value: each link's
/// release ends a scope whose node releases the next. Released iteratively by the library, such a
/// chain runs at a constant stack depth; before, a scope's node released its values inline, 144
/// bytes of stack a link (10,000 links overflowed 512 KB).
@Suite("Deinit chains through scopes")
struct ScopeDeinitChainTests {
  // Under a sanitizer, 10,000: before, 512 KB held about 490 links of a node's values and
  // 3,600 of a scope's.
  #if DEBUG
    static let links = isUnderASanitizer ? 10_000 : 100_000
  #else
    static let links = isUnderASanitizer ? 10_000 : 1_000_000
  #endif

  @Test func aChainOfLinksWhoseDeinitRunsAScopeHoldingTheNextRunsOnA512KBStack() async {
    let released = Shared(0)
    let finished = await finishesWhileSuspended(within: 300, stackSize: 512 * 1024) {
      _ = ScopeLink(Self.links, released)
    }
    #expect(finished, "the chain finished within 5 minutes")
    #expect(released.value == Self.links + 1, "every link was released")
  }

  /// Each link's `deinit` reads a model made in a scope from another scope that holds the next
  /// link: the reading scope's overlay of the model's scope holds it too, and is released with
  /// the reading scope.
  @Test func aChainOfLinksHeldByAScopesOverlaysRunsOnA512KBStack() async {
    let released = Shared(0)
    let finished = await finishesWhileSuspended(within: 300, stackSize: 512 * 1024) {
      _ = OverlayLink(Self.links, released)
    }
    #expect(finished, "the chain finished within 5 minutes")
    #expect(released.value == Self.links + 1, "every link was released")
  }
}

/// A link whose `deinit` runs a scope that sets the next link.
private final class ScopeLink: @unchecked Sendable {
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
    withDependencies {
      $0.scopeLink = ScopeLink(left - 1, released)
    } operation: {
    }
  }
}

/// A model whose `@Dependency` reads in the scope it was made in.
private final class ChainModel: @unchecked Sendable {
  // `@unchecked Sendable`: the wrapper is never mutated.
  @Dependency(\.chainNumber) var number
}

/// A link whose `deinit` makes a model in one scope and reads it from another that holds the
/// next link (an overlay of the model's scope, holding the reading scope's values).
private final class OverlayLink: @unchecked Sendable {
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
    let model = withDependencies {
      $0.chainNumber = 1
    } operation: {
      ChainModel()
    }
    withDependencies {
      $0.overlayLink = OverlayLink(left - 1, released)
    } operation: {
      _ = model.number
    }
  }
}

private enum ScopeLinkKey: DependencyKey { static var defaultValue: ScopeLink? { nil } }
private enum OverlayLinkKey: DependencyKey { static var defaultValue: OverlayLink? { nil } }
private enum ChainNumberKey: DependencyKey { static var defaultValue: Int { 0 } }

extension Dependencies {
  fileprivate var scopeLink: ScopeLink? {
    get { self[ScopeLinkKey.self] }
    set { self[ScopeLinkKey.self] = newValue }
  }
  fileprivate var overlayLink: OverlayLink? {
    get { self[OverlayLinkKey.self] }
    set { self[OverlayLinkKey.self] = newValue }
  }
  fileprivate var chainNumber: Int {
    get { self[ChainNumberKey.self] }
    set { self[ChainNumberKey.self] = newValue }
  }
}
