// Atomic operations on 64-bit counters for the environment core.
//
// Swift's own `Synchronization.Atomic` needs macOS 15 / iOS 18, newer than this package's
// deployment targets, so the two operations the core needs are spelled with the compiler's
// builtins here. Every function is `static inline`: Swift callers inline them.

#ifndef ENVIRONMENT_ATOMICS_H
#define ENVIRONMENT_ATOMICS_H

#include <stdint.h>

/// Loads `*counter` with acquire ordering.
static inline uint64_t environment_atomic_load(const uint64_t *_Nonnull counter) {
  return __atomic_load_n(counter, __ATOMIC_ACQUIRE);
}

/// Adds one to `*counter` with acquire-release ordering and returns the new value.
static inline uint64_t environment_atomic_increment(uint64_t *_Nonnull counter) {
  return __atomic_add_fetch(counter, 1, __ATOMIC_ACQ_REL);
}

/// Subtracts one from `*counter` with acquire-release ordering and returns the new value.
static inline uint64_t environment_atomic_decrement(uint64_t *_Nonnull counter) {
  return __atomic_sub_fetch(counter, 1, __ATOMIC_ACQ_REL);
}

/// Sets `bits` in `*counter` with acquire-release ordering.
static inline void environment_atomic_set_bits(uint64_t *_Nonnull counter, uint64_t bits) {
  __atomic_fetch_or(counter, bits, __ATOMIC_ACQ_REL);
}

#endif
