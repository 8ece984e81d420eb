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
  /// Each link's `deinit` runs a scope that sets the next link.
  @Test func aChainOfLinksWhoseDeinitRunsAScopeHoldingTheNextRunsOnA512KBStack() async {
    let released = Shared(0)
    let finished = await finishesWhileSuspended(stackSize: 512 * 1024) {
      PinnedReaderExclusion.run {
        _ = ChainLink(ChainLength.links, released) { next in
          withDependencies {
            $0.chainLink = next()
          } operation: {
          }
        }
      }
    }
    #expect(finished, "the chain finished within 5 minutes")
    #expect(released.value == ChainLength.links + 1, "every link was released")
  }

  /// Each link's `deinit` reads a model made in a scope from another scope that holds the next
  /// link: the reading scope's overlay of the model's scope holds it too, and is released with
  /// the reading scope.
  @Test func aChainOfLinksHeldByAScopesOverlaysRunsOnA512KBStack() async {
    let released = Shared(0)
    let finished = await finishesWhileSuspended(stackSize: 512 * 1024) {
      PinnedReaderExclusion.run {
        _ = ChainLink(ChainLength.links, released) { next in
          let model = withDependencies {
            $0.chainNumber = 1
          } operation: {
            ChainModel()
          }
          withDependencies {
            $0.chainLink = next()
          } operation: {
            _ = model.number
          }
        }
      }
    }
    #expect(finished, "the chain finished within 5 minutes")
    #expect(released.value == ChainLength.links + 1, "every link was released")
  }
}

/// Scopes made in a loop with `withDependencies(from:)`, each from a model made in the previous
/// one: each scope's parent is the previous scope (a million scopes stay alive), and dropping the
/// last model releases the chain, at a constant stack depth (released recursively, a few
/// thousand links would overflow 512 KB).
@Suite("Chains of scopes made from models")
struct ScopeFromModelChainTests {
  @Test func aMillionScopesEachMadeFromAModelOfTheLastAreReleasedOnA512KBStack() async {
    // A million in release (CI's release run); 100,000 in debug, where a million scopes alive at
    // once would grow the heap that the heap tests running beside it measure.
    let links = ChainLength.links
    let made = Shared(0)
    let finished = await finishesWhileSuspended(stackSize: 512 * 1024) {
      PinnedReaderExclusion.run {
        var model = ChainModel()
        for _ in 0..<links {
          model = withDependencies(from: model) {
            $0.chainNumber = 1
          } operation: {
            ChainModel()
          }
          made.value += 1
        }
        #expect(model.number == 1)
      }
    }
    #expect(finished, "the chain was made and released")
    #expect(made.value == links)
  }
}

/// A model whose `@Dependency` reads in the scope it was made in.
private final class ChainModel: @unchecked Sendable {
  // `@unchecked Sendable`: the wrapper is never mutated.
  @Dependency(\.chainNumber) var number
}
