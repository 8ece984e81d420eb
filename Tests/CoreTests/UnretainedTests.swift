import Foundation
import Testing
import _EnvironmentAtomics

@testable import _EnvironmentCore

/// `Unretained`, the one type through which the core refers to objects it does not retain, and
/// the checks that a checked build makes of what keeps them alive.
@Suite("Unretained references")
struct UnretainedTests {
  @Test func aReferenceDoesNotRetainItsObject() {
    weak var gone: Made?
    var reference: Unretained<Made>?
    do {
      let object = Made()
      gone = object
      reference = Unretained(object, keptAliveBy: .holder)
      #expect(reference?.isKeptAlive == true)
    }
    #expect(gone == nil)
    #expect(reference != nil)
  }

  @Test(.enabled(if: isCheckedBuild))
  func aReferenceWhoseObjectIsGoneIsNotKeptAliveInACheckedBuild() {
    var reference: Unretained<Made>?
    do { reference = Unretained(Made(), keptAliveBy: .holder) }
    #expect(reference?.isKeptAlive == false)
  }

  @Test(.enabled(if: isCheckedBuild))
  func aBoxHeldByAPinnedTableIsKeptAliveOnlyWhileTheThreadIsPinned() {
    let box = Made()
    let reference = Unretained<Made>(
      opaque: Unmanaged.passUnretained(box).toOpaque(), keptAliveBy: .pinnedTable)
    #expect(!reference.isKeptAlive)
    let record = environment_pin()
    #expect(reference.isKeptAlive)
    Reclamation.unpin(record)
    withExtendedLifetime(box) {}
  }

  @Test(.enabled(if: isCheckedBuild))
  func theThreadKeepsOnlyItsOwnContextAlive() {
    let own = ThreadContext.withCurrent { Unretained($0, keptAliveBy: .holder).opaque }
    #expect(Unretained<ThreadContext>(opaque: own, keptAliveBy: .thread).isKeptAlive)
    let stranger = Made()
    let other = Unretained<Made>(
      opaque: Unmanaged.passUnretained(stranger).toOpaque(), keptAliveBy: .thread)
    #expect(!other.isKeptAlive)
    withExtendedLifetime(stranger) {}
  }

  @Test func aNodeHoldsItsRootsTreeAndNoOther() {
    let root = Node.makeRoot(environmentType: Made.self, testContext: nil)
    let child = Node.makeChild(of: root, environmentType: Made.self, testContext: nil)
    let tree = root.currentTree().tree
    let unrelated = Tree.make()
    #expect(child.holdsTree(Unretained(tree, keptAliveBy: .holder)))
    #expect(root.holdsTree(Unretained(tree, keptAliveBy: .holder)))
    #expect(!child.holdsTree(Unretained(unrelated, keptAliveBy: .holder)))
  }

  #if compiler(>=6.2)  // exit tests (Swift Testing 6.2)
    @Test(.enabled(if: isCheckedBuild))
    func usingAReferenceWhoseObjectIsGoneIsReported() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var reference: Unretained<Made>?
        do { reference = Unretained(Made(), keptAliveBy: .holder) }
        _ = reference?.object
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("outlived its keeper"))
    }
  #endif
}
