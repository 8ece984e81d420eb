import DependencyValues
import _EnvironmentAtomics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where threads wait for work in progress on other threads (a default being computed, an
/// environment being created): one process-wide mutex and condition variable.
///
/// Waits are rare and short (they last as long as the awaited user code), so one condition
/// serves every wait; a finisher wakes every waiter, and each checks whether its own work is
/// done. A finisher takes the mutex only when some thread waits, so finishing costs
/// nothing when nobody waits.
///
/// The count of waiters (`environment_waiters`) is incremented before a waiter checks its work
/// under the mutex and read (sequentially consistent) by a finisher after it updated the work's
/// state: either the finisher sees the waiter and wakes it, or the waiter sees the work done.
enum WaitRoom {
  /// How long a wait lasts before the diagnostic is printed.
  static let diagnosticDelay: Int = 2

  /// Waits until `isDone()` (checked under the owner's lock by the caller's closure) returns
  /// true. Prints `longWaitDiagnostic` once if that takes `diagnosticDelay` seconds.
  static func wait(until isDone: () -> Bool, for work: Work, on owner: ThreadContext) {
    environment_waiters_increment()
    defer { environment_waiters_decrement() }
    // An absolute time, for `pthread_cond_timedwait`.
    var deadline = timespec()
    check(clock_gettime(CLOCK_REALTIME, &deadline), "clock_gettime")
    deadline.tv_sec += diagnosticDelay
    var reported = false
    lock()
    defer { unlock() }
    while !isDone() {
      if reported {
        check(pthread_cond_wait(condition, mutex), "pthread_cond_wait")
        continue
      }
      let status = pthread_cond_timedwait(condition, mutex, &deadline)
      guard status == ETIMEDOUT else {
        check(status, "pthread_cond_timedwait")
        continue
      }
      reported = true
      unlock()
      writeToStandardError(
        longWaitDiagnostic(waitingFor: work, on: owner, seconds: diagnosticDelay))
      lock()
    }
  }

  /// Wakes every waiter, so that each checks whether its work is done. Call after the work's
  /// state was updated (and its owner's lock released).
  static func wakeAll() {
    guard environment_waiters_load() > 0 else { return }
    lock()
    check(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
    unlock()
  }

  nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    check(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
    return mutex
  }()

  nonisolated(unsafe) private static let condition: UnsafeMutablePointer<pthread_cond_t> = {
    let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    check(pthread_cond_init(condition, nil), "pthread_cond_init")
    return condition
  }()

  /// Takes the mutex: first in the library's lock order (`LockRank.waitRoom`).
  static func lock() {
    PlatformLockOperations.checkAcquiring(mutex, rank: .waitRoom)
    check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
  }

  static func unlock() {
    check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
    PlatformLockOperations.checkReleased(mutex)
  }

  /// Stops the program if a pthread call failed: that is a bug, never a state to go on from.
  static func check(_ status: Int32, _ operation: String) {
    precondition(status == 0, "swift-composable-env: \(operation) failed with \(status)")
  }
}
