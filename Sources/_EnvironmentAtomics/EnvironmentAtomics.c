// Most functions of this module are `static inline` in its header; this file holds its one global
// and the slow path of the Linux lock.
#include "EnvironmentAtomics.h"

uint64_t environment_live_scopes = 0;

#if defined(__linux__)
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void environment_lock_contended(uint32_t *lock) {
  for (unsigned attempt = 0;; attempt++) {
    uint32_t expected = 0;
    if (__atomic_load_n(lock, __ATOMIC_RELAXED) == 0 &&
        __atomic_compare_exchange_n(lock, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
      return;
    }
    if (attempt < 64) {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#elif defined(__aarch64__)
      __asm__ __volatile__("yield");
#endif
    } else if (attempt < 128) {
      sched_yield();
    } else {
      // Returns at once if the lock was released meanwhile, else after at most 50 µs.
      struct timespec timeout = {.tv_sec = 0, .tv_nsec = 50000};
      syscall(SYS_futex, lock, FUTEX_WAIT_PRIVATE, 1, &timeout, NULL, 0);
    }
  }
}
#endif
