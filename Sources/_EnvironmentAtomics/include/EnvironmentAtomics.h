// Atomic operations on 64-bit counters for the environment core.
//
// Swift's own `Synchronization.Atomic` needs macOS 15 / iOS 18, newer than this package's
// deployment targets, so the two operations the core needs are spelled with the compiler's
// builtins here. Every function is `static inline`: Swift callers inline them.

#ifndef ENVIRONMENT_ATOMICS_H
#define ENVIRONMENT_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

/// Loads `*counter` with acquire ordering.
static inline uint64_t environment_atomic_load(const uint64_t *_Nonnull counter) {
  return __atomic_load_n(counter, __ATOMIC_ACQUIRE);
}

/// Adds one to `*counter` with acquire-release ordering and returns the new value.
static inline uint64_t environment_atomic_increment(uint64_t *_Nonnull counter) {
  return __atomic_add_fetch(counter, 1, __ATOMIC_ACQ_REL);
}

/// Sets `bits` in `*counter` with acquire-release ordering.
static inline void environment_atomic_set_bits(uint64_t *_Nonnull counter, uint64_t bits) {
  __atomic_fetch_or(counter, bits, __ATOMIC_ACQ_REL);
}

#if defined(__linux__)
// A 4-byte lock for critical sections a few loads long (0 unlocked, 1 locked). Taking it is one
// compare-and-swap; releasing it is a plain release store, with no atomic read-modify-write, so an
// uncontended lock/unlock costs one locked instruction instead of two (`pthread_mutex_t`: two,
// plus a call each way, and 40 bytes).
//
// Because unlocking does not check for waiters, a waiter never sleeps without a deadline: it
// spins, then yields, then sleeps on the futex for at most 50 µs at a time and tries again. Long
// waits only happen when the holder was preempted inside its few-instruction critical section.

/// Waits for the lock (slow path of `environment_lock`).
void environment_lock_contended(uint32_t *_Nonnull lock);

/// Takes the lock.
static inline void environment_lock(uint32_t *_Nonnull lock) {
  uint32_t expected = 0;
  if (!__atomic_compare_exchange_n(lock, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
    environment_lock_contended(lock);
  }
}

/// Releases the lock.
static inline void environment_unlock(uint32_t *_Nonnull lock) {
  __atomic_store_n(lock, 0, __ATOMIC_RELEASE);
}
#endif

/// The number of live `withValues` scopes in the process (GlobalEnv). A C global, so that a read
/// checks it with one load and no lazy initialization.
extern uint64_t environment_live_scopes;

/// Loads the number of live scopes with acquire ordering.
static inline uint64_t environment_live_scopes_load(void) {
  return __atomic_load_n(&environment_live_scopes, __ATOMIC_ACQUIRE);
}

/// Records that a scope was created.
static inline void environment_live_scopes_increment(void) {
  __atomic_add_fetch(&environment_live_scopes, 1, __ATOMIC_ACQ_REL);
}

/// Records that a scope ended.
static inline void environment_live_scopes_decrement(void) {
  __atomic_sub_fetch(&environment_live_scopes, 1, __ATOMIC_ACQ_REL);
}

#endif
