import DependencyValues
import Testing
import _EnvironmentAtomics

@testable import _EnvironmentCore

/// Each invariant the core relies on is checked in checked builds, and each check fires when its
/// invariant is broken on purpose (observed on this thread instead of stopping the process), so
/// that deleting a check fails a test. The interleaving harness's own checks are broken on purpose
/// in `InterleavingExplorations`.
@Suite("Invariant checks", .enabled(if: InternalCheck.isEnabled))
struct InvariantCheckTests {
  @Test func takingALockWhilePinnedIsReported() {
    let value = LockedValue<Int>.make(0)
    let reader = environment_pin()
    let failures = InternalCheck.observingFailures { value.withLock { _ in } }
    Reclamation.unpin(reader)
    #expect(failures.count == 1)
    #expect(failures.first == "a lock of the library is taken while the thread is pinned")
  }

  @Test func releasingLocksOutOfReverseOrderIsReported() {
    var outer = PlatformLockOperations.unlocked
    var inner = PlatformLockOperations.unlocked
    let failures = InternalCheck.observingFailures {
      PlatformLockOperations.lock(&outer, rank: .node)
      PlatformLockOperations.lock(&inner, rank: .leaf)
      PlatformLockOperations.unlock(&outer)
      PlatformLockOperations.unlock(&inner)
    }
    #expect(failures.count >= 1)
    #expect(failures.first == "locks are released in the reverse order of taking")
  }

  @Test func releasingAValueUnderALockIsReported() {
    let value = LockedValue<Int>.make(0)
    var box: Box<Int>? = Box(1)
    let failures = InternalCheck.observingFailures { value.withLock { _ in box = nil } }
    #expect(box == nil)
    #expect(failures.count == 1)
    #expect(failures.first == "a value is released while a library lock is held")
  }

  @Test func takingTheWaitRoomsMutexUnderAnotherLockIsOutOfOrder() {
    let value = LockedValue<Int>.make(0)
    let failures = InternalCheck.observingFailures {
      value.withLock { _ in
        WaitRoom.lock()
        WaitRoom.unlock()
      }
    }
    #expect(failures.count == 1)
    #expect(failures.first == "a lock of the library is taken out of the lock order")
  }

  @Test func takingANodeLockUnderTheWaitRoomsMutexIsInOrder() {
    let node = Node.makeRoot(environmentType: Int.self, testContext: nil)
    let failures = InternalCheck.observingFailures {
      WaitRoom.lock()
      node.withLock { _ in }
      WaitRoom.unlock()
    }
    #expect(failures.count == 0)
  }

  @Test func retiringATableWhilePinnedIsReported() {
    let tree = Tree.make()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    let reader = environment_pin()
    let failures = InternalCheck.observingFailures { Reclamation.retire(table) }
    Reclamation.unpin(reader)  // frees the table, queued behind this thread's own pin
    #expect(failures.first == "a table is retired while pinned")
  }

  @Test func retiringATableUnderALockIsReported() {
    let tree = Tree.make()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    let value = LockedValue<Int>.make(0)
    let failures = InternalCheck.observingFailures {
      value.withLock { _ in Reclamation.retire(table) }
    }
    #expect(failures.first == "a table is retired")
  }

  @Test func insertingIntoAFullTableIsReported() {
    let tree = Tree.make()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    let owners = insertOwnedEntries(2, into: table)
    let failures = InternalCheck.observingFailures {
      _ = insertOwnedEntries(1, into: table)
    }
    #expect(failures.count >= 1)
    #expect(failures.first == "an entry is inserted once, with room")
    withExtendedLifetime(owners) {}
  }
}
