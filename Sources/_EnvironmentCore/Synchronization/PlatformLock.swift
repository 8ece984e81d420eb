#if canImport(Darwin)
  import Darwin
#elseif os(Linux)
  import _EnvironmentAtomics
#else
  #error("swift-composable-env supports Apple platforms and Linux.")
#endif

#if canImport(Darwin)
  /// The platform's smallest, fastest non-recursive lock: `os_unfair_lock` (4 bytes).
  @usableFromInline package typealias PlatformLock = os_unfair_lock
#else
  /// The platform's smallest, fastest non-recursive lock: a futex word (4 bytes; see
  /// `environment_lock` in `_EnvironmentAtomics`).
  @usableFromInline package typealias PlatformLock = UInt32
#endif

/// Operations on a lock that lives at a stable address (inside a `ManagedBuffer`).
///
/// `@inlinable` (with everything on the read fast path) so that a read specializes and inlines
/// into the module that performs it.
@usableFromInline
enum PlatformLockOperations {
  @inline(__always)
  static func initialize(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if canImport(Darwin)
      lock.initialize(to: os_unfair_lock())
    #else
      lock.initialize(to: 0)
    #endif
  }

  @inline(__always)
  static func destroy(_ lock: UnsafeMutablePointer<PlatformLock>) {
    lock.deinitialize(count: 1)
  }

  @inlinable @inline(__always)
  static func lock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
    #else
      environment_lock(lock)
    #endif
  }

  @inlinable @inline(__always)
  static func unlock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if canImport(Darwin)
      os_unfair_lock_unlock(lock)
    #else
      environment_unlock(lock)
    #endif
  }
}
