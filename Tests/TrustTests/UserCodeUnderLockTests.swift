import ComposableEnv
import Foundation
import TestSupport
import Testing

/// An id whose `hash(into:)` and `==` read a dependency of the parent it is used with. Before the
/// fix, ids were hashed and compared under the parent's lock, and `derived(_:id:)` never returned.
struct ReadingID: Hashable, @unchecked Sendable {
  let value: Int
  let parent: TrustRoot

  func hash(into hasher: inout Hasher) {
    _ = parent[dynamicMember: \.label]
    _ = parent.derived(TrustNode.self)
    hasher.combine(value)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    _ = lhs.parent[dynamicMember: \.label]
    return lhs.value == rhs.value
  }
}

/// An id whose `deinit` reads a dependency of the parent.
final class ReleasingID: Hashable, @unchecked Sendable {
  let value: Int
  let parent: TrustRoot

  init(_ value: Int, parent: TrustRoot) {
    self.value = value
    self.parent = parent
  }

  deinit {
    _ = parent[dynamicMember: \.label]
    _ = parent.derived(TrustNode.self)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(value) }
  static func == (lhs: ReleasingID, rhs: ReleasingID) -> Bool { lhs.value == rhs.value }
}

@Suite("No user code under a library lock")
struct UserCodeUnderLockTests {
  @Test func idWhoseHashAndEqualityReadTheParentDerivesAndRemoves() {
    let parent = TrustRoot()
    let result = Shared<Bool?>(nil)
    let finished = finishes {
      let first = parent.derived(TrustNode.self, id: ReadingID(value: 1, parent: parent))
      let again = parent.derived(TrustNode.self, id: ReadingID(value: 1, parent: parent))
      let removed = parent.removeDerived(TrustNode.self, id: ReadingID(value: 1, parent: parent))
      result.value = first === again && removed
    }
    #expect(finished)
    #expect(result.value == true)
  }

  @Test func idWhoseDeinitReadsTheParentIsReleasedWithoutHanging() {
    let parent = ReleasingParent.root
    let finished = finishes {
      for value in 0..<50 {
        _ = parent.derived(TrustNode.self, id: ReleasingID(value % 5, parent: parent))
        parent.removeDerived(TrustNode.self, id: ReleasingID(value % 5, parent: parent))
      }
    }
    #expect(finished)
  }
}

/// The parent the releasing ids read (one per process: an id holds its parent).
enum ReleasingParent {
  static let root = TrustRoot()
}
