import ComposableEnv
import Dispatch
import TestSupport
import Testing

/// The trees of attached environments: a subtree built and read before it is attached keeps a
/// cache made for its old tree until each node moves to the new one, and readers on other
/// threads may be looking at that cache meanwhile. The old tree must outlive them (it is held by
/// the attached root; see the lifetime rule in `Tree`).
@Suite("Trees of attached environments")
struct AttachLifetimeTests {
  @Test func descendantsReadFromManyThreadsWhileTheyMoveToTheirNewTree() {
    let rounds = 200
    let threads = 4
    let allRead = Shared(true)
    let completed = finishes {
      for round in 1...rounds {
        // A pre-built subtree whose nodes cached what they read in their own tree.
        let prebuilt = FeatureEnvironment()
        let descendants = [prebuilt, prebuilt.next, prebuilt.next.next]
        for node in descendants { #expect(node.number == 0) }
        AdoptingQueueParent.adoptees.update { $0.append(prebuilt) }
        let parent = AdoptingQueueParent().with(\.number, round)
        let group = DispatchGroup()
        for thread in 0..<threads {
          group.enter()
          DispatchQueue.global().async {
            // One thread attaches the subtree while the others read its nodes.
            if thread == 0 { _ = parent.child }
            var seen = 0
            while seen != round { seen = descendants[(thread + seen) % descendants.count].number }
            group.leave()
          }
        }
        if group.wait(timeout: .now() + hangDeadline) == .timedOut { allRead.value = false }
      }
    }
    #expect(completed)
    #expect(allRead.value)
  }
}

/// A parent that adopts the oldest environment of `adoptees`, built before the parent was.
private final class AdoptingQueueParent: ComposableEnvironment, @unchecked Sendable {
  static let adoptees = Shared<[FeatureEnvironment]>([])
  @DerivedEnvironment var child = AdoptingQueueParent.nextAdoptee()

  private static func nextAdoptee() -> FeatureEnvironment {
    var adoptee: FeatureEnvironment?
    adoptees.update { adoptee = $0.removeFirst() }
    return adoptee!
  }
}
