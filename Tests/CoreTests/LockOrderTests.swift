import Testing
import _EnvironmentAtomics

@testable import _EnvironmentCore

@Suite("Lock order checks")
struct LockOrderTests {
  // Counted in checked builds only (debug builds of the library).
  @Test(.enabled(if: isCheckedBuild)) func lockHeldIsCountedUntilReleased() {
    let value = LockedValue<Int>.make(0)
    let held = value.withLock { _ in environment_locks_held() }
    #expect(held == 1)
    #expect(environment_locks_held() == 0)
  }

  @Test func takingALockTheThreadHoldsIsReportedAsRecursion() {
    var lock: PlatformLock = PlatformLockOperations.unlocked
    let first = environment_lock_acquiring(&lock, LockRank.leaf.rawValue)
    let again = environment_lock_acquiring(&lock, LockRank.leaf.rawValue)
    environment_lock_released(&lock)
    environment_lock_released(&lock)
    #expect(first == environment_lock_check_free)
    #expect(again == environment_lock_check_recursive)
  }

  /// What taking a lock of `rank` finds while the thread holds one of `held`.
  func check(taking rank: LockRank, holding held: LockRank) -> environment_lock_check {
    var outer: PlatformLock = PlatformLockOperations.unlocked
    var inner: PlatformLock = PlatformLockOperations.unlocked
    _ = environment_lock_acquiring(&outer, held.rawValue)
    let check = environment_lock_acquiring(&inner, rank.rawValue)
    environment_lock_released(&inner)
    environment_lock_released(&outer)
    return check
  }

  @Test func takingANodeLockUnderALeafLockIsOutOfOrder() {
    #expect(check(taking: .node, holding: .leaf) == environment_lock_check_out_of_order)
  }

  @Test func takingATreeLockUnderANodeLockIsInOrder() {
    #expect(check(taking: .tree, holding: .node) == environment_lock_check_free)
  }
}

@Suite("Key path shape")
struct KeyPathShapeTests {
  struct Root {
    var stored = 0
    var computed: Int {
      get { stored }
      set { stored = newValue }
    }
    var nested: Root {
      get { self }
      set { self = newValue }
    }
  }

  @Test func singleComputedPropertyIsOneComponent() {
    #expect(KeyPathShape.isSingleComponent(\Root.computed))
  }

  @Test func propertyOfAPropertyIsSeveralComponents() {
    #expect(!KeyPathShape.isSingleComponent(\Root.nested.computed))
    let nested: WritableKeyPath<Root, Root> = \.nested
    #expect(!KeyPathShape.isSingleComponent(nested.appending(path: \.stored)))
  }
}

/// Whether this test build, and so the library it links, is a checked (debug) build.
let isCheckedBuild: Bool = {
  #if DEBUG
    true
  #else
    false
  #endif
}()
