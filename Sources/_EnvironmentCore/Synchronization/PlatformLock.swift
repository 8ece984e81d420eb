import _EnvironmentAtomics

#if canImport(Darwin)
  import Darwin
#elseif os(Linux)
#else
  #error("swift-composable-env supports Apple platforms and Linux.")
#endif

#if canImport(Darwin)
  /// The platform's smallest non-recursive lock that wakes its waiters: `os_unfair_lock`
  /// (4 bytes).
  @usableFromInline package typealias PlatformLock = os_unfair_lock
#else
  /// A 4-byte futex mutex that wakes its waiters (`environment_lock` in `_EnvironmentAtomics`).
  ///
  /// Why not `Synchronization.Mutex`, which Linux allows: the library's locks live inside the
  /// single allocation of what they guard (a node holds its lock beside its read-table pointer;
  /// a tree beside its counters), which a `Mutex`, a noncopyable stored property of a class,
  /// cannot share. Measured with the Benchmarks package: 4 bytes in the node's own allocation
  /// is what keeps an environment that sets nothing under 300 bytes of heap ("heap per bare
  /// node"). No lock is on the read fast path any more; these locks guard writes, first reads
  /// and bookkeeping, never user code.
  @usableFromInline package typealias PlatformLock = UInt32
#endif

/// The library's lock order: a thread may take a lock only of a later rank than every lock it
/// holds. The wait room's mutex comes first (a waiter checks its work's state under it, which
/// takes that state's lock); a node's lock may be held while its tree's is taken (attaching a root
/// moves it to its new parent's tree); every other lock is a leaf, taken last. Checked builds
/// check the order at every acquisition (`checkAcquiring`).
enum LockRank: UInt32 {
  case waitRoom, node, tree, leaf
}

/// Operations on a lock that lives at a stable address (inside a `ManagedBuffer`).
@usableFromInline
enum PlatformLockOperations {
  /// The value of an unlocked lock, to initialize one with: zero on every platform
  /// (`OS_UNFAIR_LOCK_INIT`; an unlocked futex word).
  static var unlocked: PlatformLock { PlatformLock() }

  @inline(__always)
  static func lock(_ lock: UnsafeMutablePointer<PlatformLock>, rank: LockRank) {
    checkAcquiring(lock, rank: rank)
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
    #else
      environment_lock(lock)
    #endif
  }

  @inline(__always)
  static func unlock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if canImport(Darwin)
      os_unfair_lock_unlock(lock)
    #else
      environment_unlock(lock)
    #endif
    checkReleased(lock)
  }

  /// Reports, in checked builds, releasing a lock other than the innermost one the thread holds;
  /// nothing in other builds.
  @inline(__always)
  static func checkReleased(_ lock: UnsafeRawPointer) {
    InternalCheck.require(
      environment_lock_released(lock), "locks are released in the reverse order of taking")
  }

  /// Reports, in checked builds, taking a lock the thread holds (a hang otherwise) and taking one
  /// out of the lock order (a possible deadlock); nothing in other builds.
  @inline(__always)
  static func checkAcquiring(_ lock: UnsafeRawPointer, rank: LockRank) {
    #if ENVIRONMENT_INTERNAL_CHECKS
      InternalCheck.require(
        !environment_is_pinned(), "a lock of the library is taken while the thread is pinned")
      switch environment_lock_acquiring(lock, rank.rawValue) {
      case environment_lock_check_recursive:
        reportMisuse(
          """
          a lock of the library was taken again by the thread that holds it, which would never \
          return: code ran under the lock that should not have (a library bug; please report it \
          with this stack).
          """)
      case environment_lock_check_out_of_order:
        InternalCheck.fail("a lock of the library is taken out of the lock order")
      default:
        break
      }
    #endif
  }
}

/// Asserts, in checked builds, that the calling thread holds no lock of the library: before user
/// code runs (a getter, a default, an initializer, an id's `hash` or `==`, a value's `deinit`)
/// and before a wait.
@inline(__always)
package func assertNoLibraryLockHeld(_ what: StaticString) {
  InternalCheck.require(environment_locks_held() == 0, what)
}
