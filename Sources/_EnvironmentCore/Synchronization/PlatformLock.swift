#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("swift-composable-env supports Apple platforms and Linux (Glibc or Musl).")
#endif

#if canImport(Darwin)
  /// The fastest non-recursive lock of the platform: `os_unfair_lock` on Apple platforms.
  @usableFromInline package typealias PlatformLock = os_unfair_lock
#else
  /// The fastest non-recursive lock of the platform: a `pthread_mutex_t` elsewhere.
  @usableFromInline package typealias PlatformLock = pthread_mutex_t
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
      lock.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(lock, nil)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
    #endif
  }

  @inline(__always)
  static func destroy(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if !canImport(Darwin)
      pthread_mutex_destroy(lock)
    #endif
    lock.deinitialize(count: 1)
  }

  @inlinable @inline(__always)
  static func lock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
    #else
      pthread_mutex_lock(lock)
    #endif
  }

  @inlinable @inline(__always)
  static func unlock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if canImport(Darwin)
      os_unfair_lock_unlock(lock)
    #else
      pthread_mutex_unlock(lock)
    #endif
  }
}
