#if canImport(Darwin)
  import Darwin
#elseif os(Linux)
  import _EnvironmentAtomics
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

/// Operations on a lock that lives at a stable address (inside a `ManagedBuffer`).
@usableFromInline
enum PlatformLockOperations {
  /// The value of an unlocked lock, to initialize one with.
  static var unlocked: PlatformLock {
    #if canImport(Darwin)
      os_unfair_lock()
    #else
      0
    #endif
  }

  @inline(__always)
  static func lock(_ lock: UnsafeMutablePointer<PlatformLock>) {
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
  }
}
