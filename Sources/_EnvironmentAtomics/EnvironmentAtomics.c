// The globals of this module and the slow paths of its inline functions.
#define _GNU_SOURCE
#include "EnvironmentAtomics.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t environment_live_scopes = 0;
uint64_t environment_waiters = 0;

// MARK: - Lock (Linux)

#if defined(__linux__)
#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

static void environment_futex_failed(const char *operation, int error) {
  fprintf(stderr, "swift-composable-env: futex %s failed with errno %d\n", operation, error);
  abort();
}

void environment_lock_contended(uint32_t *lock) {
  // Spin briefly: critical sections are a few loads and stores long.
  for (unsigned attempt = 0; attempt < 100; attempt++) {
    uint32_t expected = 0;
    if (__atomic_load_n(lock, __ATOMIC_RELAXED) == 0 &&
        __atomic_compare_exchange_n(lock, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
      return;
    }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
  }
  // Mark the lock contended, then sleep until the holder's unlock wakes us.
  while (__atomic_exchange_n(lock, 2, __ATOMIC_ACQUIRE) != 0) {
    if (syscall(SYS_futex, lock, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0) == -1) {
      int error = errno;
      // EAGAIN: the word was no longer 2; EINTR: a signal. Both mean: try again.
      if (error != EAGAIN && error != EINTR) environment_futex_failed("wait", error);
    }
  }
}

void environment_lock_wake(uint32_t *lock) {
  if (syscall(SYS_futex, lock, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0) == -1) {
    environment_futex_failed("wake", errno);
  }
}
#endif

// MARK: - Epoch-based reclamation

uint64_t environment_epoch = 1;

uint64_t environment_retired_count = 0;

uint64_t environment_retired_newest = 0;

__thread environment_reader *environment_current_reader = 0;

__thread void *environment_current_context = 0;

/// Every record ever created, newest first. Records are pushed, never removed.
static environment_reader *environment_readers = 0;

static pthread_key_t environment_reader_key;

/// Starts setting the unpins' mode up on a thread of its own, at the process's first pin (see
/// "Asymmetric barrier" below).
static pthread_once_t environment_barrier_start_once = PTHREAD_ONCE_INIT;
static void environment_barrier_start(void);
static pthread_once_t environment_reader_key_once = PTHREAD_ONCE_INIT;

/// Releases the exiting thread's record for reuse by another thread.
static void environment_reader_release(void *record) {
  environment_reader *reader = record;
  environment_current_reader = 0;
  __atomic_store_n(&reader->pin, 0, __ATOMIC_RELEASE);
  __atomic_store_n(&reader->in_use, 0, __ATOMIC_RELEASE);
}

static void environment_reader_make_key(void) {
  int status = pthread_key_create(&environment_reader_key, environment_reader_release);
  if (status != 0) {
    fprintf(stderr, "swift-composable-env: pthread_key_create failed with %d\n", status);
    abort();
  }
}

environment_reader *environment_reader_register(void) {
  pthread_once(&environment_barrier_start_once, environment_barrier_start);
  environment_reader *reader = 0;
  // Reuse the record of a thread that exited, if any.
  for (environment_reader *candidate = __atomic_load_n(&environment_readers, __ATOMIC_ACQUIRE);
       candidate != 0; candidate = candidate->next) {
    uint64_t free = 0;
    if (__atomic_load_n(&candidate->in_use, __ATOMIC_RELAXED) == 0 &&
        __atomic_compare_exchange_n(&candidate->in_use, &free, 1, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_RELAXED)) {
      reader = candidate;
      break;
    }
  }
  if (reader == 0) {
    if (posix_memalign((void **)&reader, 64, sizeof(environment_reader)) != 0) {
      fprintf(stderr, "swift-composable-env: out of memory for a reader record\n");
      abort();
    }
    reader->pin = 0;
    reader->in_use = 1;
    environment_reader *head = __atomic_load_n(&environment_readers, __ATOMIC_RELAXED);
    do {
      reader->next = head;
    // Sequentially consistent, as the scan's load of the list: a scan that misses this record
    // comes before its first pin in that order, so the pin sees every table unpublished before
    // the scan (Design.md, "Why a freed table is not in use").
    } while (!__atomic_compare_exchange_n(&environment_readers, &head, reader, true,
                                          __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
  }
  pthread_once(&environment_reader_key_once, environment_reader_make_key);
  int status = pthread_setspecific(environment_reader_key, reader);
  if (status != 0) {
    fprintf(stderr, "swift-composable-env: pthread_setspecific failed with %d\n", status);
    abort();
  }
  environment_current_reader = reader;
  return reader;
}

// Never inlined, and a compiler barrier besides: the optimizer must not move a retain made while
// pinned below the store (see the declaration).
__attribute__((noinline)) uint64_t environment_unpin(environment_reader *reader) {
  __asm__ __volatile__("" ::: "memory");
  // Seq_cst, as the flush's load of the mode and the change of mode (see "Asymmetric barrier").
  if (__atomic_load_n(&environment_unpins_fence, __ATOMIC_SEQ_CST)) {
    return __atomic_exchange_n(&reader->pin, 0, __ATOMIC_SEQ_CST);
  }
  uint64_t pinned = __atomic_load_n(&reader->pin, __ATOMIC_RELAXED);
  __atomic_store_n(&reader->pin, 0, __ATOMIC_RELEASE);
  return pinned;
}

// MARK: - Asymmetric barrier

uint32_t environment_unpins_fence = 1;

#if defined(__linux__) && defined(SYS_membarrier)
// The commands of membarrier(2), from the kernel's ABI (linux/membarrier.h declares them as enum
// constants, which older headers lack and the preprocessor cannot test for).
enum {
  environment_membarrier_query = 0,
  environment_membarrier_private_expedited = 1 << 3,
  environment_membarrier_register_private_expedited = 1 << 4,
};

/// Registers the process for the private expedited barrier (Linux 4.14 and later), then makes
/// unpins release stores. Runs on a thread of its own, which runs no other code: with several
/// threads in the process, the registration waits for an RCU grace period (13 to 14 ms measured
/// here), which no read should wait for.
static void *_Nullable environment_barrier_setup(void *_Nullable unused) {
  (void)unused;
  long commands = syscall(SYS_membarrier, environment_membarrier_query, 0, 0);
  if (commands < 0 || (commands & environment_membarrier_private_expedited) == 0) return 0;
  if (syscall(SYS_membarrier, environment_membarrier_register_private_expedited, 0, 0) != 0) {
    return 0;
  }
  __atomic_store_n(&environment_unpins_fence, 0, __ATOMIC_SEQ_CST);
  return 0;
}
#endif

// Until the setup is done, and for good where it cannot be (not Linux, a kernel before 4.14, a
// seccomp filter, valgrind, no thread to run it on, `SWIFT_COMPOSABLE_ENV_FENCED_UNPINS=1`),
// unpins are exchanges, which need no flush. The variable is read here, on the thread of the
// first pin, not on the setup's thread (`getenv` races a `setenv` of the program's).
static void environment_barrier_start(void) {
#if defined(__linux__) && defined(SYS_membarrier)
  const char *fenced = getenv("SWIFT_COMPOSABLE_ENV_FENCED_UNPINS");
  if (fenced != 0 && strcmp(fenced, "1") == 0) return;
  pthread_attr_t attributes;
  pthread_t thread;
  if (pthread_attr_init(&attributes) != 0) return;
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  (void)pthread_create(&thread, &attributes, environment_barrier_setup, 0);
  pthread_attr_destroy(&attributes);
#endif
}

// Never waits for the setup. A flush that reads exchanges (1) before the setup changed the mode
// needs no barrier: an unpin that is a store read the mode as 0, so its load of the mode, and its
// load of `newest` after the store, come after this flush's load of the mode in the single order
// of seq_cst operations, and so after the store of `newest` the flushing pass read or made before:
// that unpin sees the queued epoch and makes a pass itself. (A 1 set back after a refused flush,
// below, gives no such order: see there.)
void environment_flush_unpins(void) {
  if (__atomic_load_n(&environment_unpins_fence, __ATOMIC_SEQ_CST)) return;
#if defined(__linux__) && defined(SYS_membarrier)
  for (int attempt = 0; attempt < 100; attempt++) {
    if (syscall(SYS_membarrier, environment_membarrier_private_expedited, 0, 0) == 0) return;
    if (errno != EINTR && errno != EAGAIN && errno != ENOMEM) break;
  }
  // Refused after the registration (a seccomp filter installed later, memory exhausted): unpins
  // become exchanges again, for good. A table held back by a store made before may then wait
  // for a later pass; nothing is freed too early.
  fprintf(stderr,
          "swift-composable-env: membarrier failed with errno %d; cached reads end with an "
          "exchange from now on\n",
          errno);
  __atomic_store_n(&environment_unpins_fence, 1, __ATOMIC_SEQ_CST);
#endif
}

uint64_t environment_oldest_pin(void) {
  uint64_t oldest = UINT64_MAX;
  for (environment_reader *reader = __atomic_load_n(&environment_readers, __ATOMIC_SEQ_CST);
       reader != 0; reader = reader->next) {
    uint64_t pin = __atomic_load_n(&reader->pin, __ATOMIC_SEQ_CST);
    if (pin != 0 && pin < oldest) oldest = pin;
  }
  return oldest;
}

// MARK: - Read table

static const uint64_t environment_empty_table_counter = 0;

static environment_table environment_empty_table = {
    .generation_counter = &environment_empty_table_counter,
    .generation = UINT64_MAX,
    .mask = 0,
    .count = 0,
};

environment_table *environment_empty_table_pointer(void) { return &environment_empty_table; }

// MARK: - Threads

bool environment_thread_name(char *buffer, unsigned long size) {
  return pthread_getname_np(pthread_self(), buffer, size) == 0 && buffer[0] != 0;
}

// MARK: - Test support

void *environment_test_reporter = 0;

uint64_t environment_live_test_contexts = 0;

bool environment_test_reporter_install(void *reporter) {
  void *expected = 0;
  return __atomic_compare_exchange_n(&environment_test_reporter, &expected, reporter, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

static __thread uintptr_t environment_test_value_marked_key = 0;

void environment_test_value_mark(uintptr_t key) { environment_test_value_marked_key = key; }

uintptr_t environment_test_value_mark_take(void) {
  uintptr_t key = environment_test_value_marked_key;
  environment_test_value_marked_key = 0;
  return key;
}

// MARK: - Checked builds

// The library locks the calling thread holds, innermost last, with their ranks. The lock order
// allows two at once (a node's, then its tree's); a few more slots let a violation be reported
// rather than overflow.
static __thread const void *environment_held_locks[4];
static __thread unsigned environment_held_ranks[4];
static __thread unsigned environment_held_count = 0;

environment_lock_check environment_lock_acquiring(const void *lock, unsigned rank) {
  environment_lock_check check = environment_lock_check_free;
  for (unsigned index = 0; index < environment_held_count && index < 4; index++) {
    if (environment_held_locks[index] == lock) return environment_lock_check_recursive;
    if (environment_held_ranks[index] >= rank) check = environment_lock_check_out_of_order;
  }
  if (environment_held_count < 4) {
    environment_held_locks[environment_held_count] = lock;
    environment_held_ranks[environment_held_count] = rank;
  }
  environment_held_count++;
  return check;
}

bool environment_lock_released(const void *lock) {
  if (environment_held_count == 0) return false;
  environment_held_count--;
  return environment_held_count >= 4 || environment_held_locks[environment_held_count] == lock;
}

unsigned environment_locks_held(void) { return environment_held_count; }

static __thread bool environment_observing_checks = false;
static __thread unsigned environment_observed_failures = 0;
static __thread const char *environment_first_failure = 0;

void environment_check_failed(const char *message) {
  if (environment_observing_checks) {
    environment_observed_failures++;
    if (environment_observed_failures == 1) environment_first_failure = message;
    return;
  }
  fprintf(stderr, "swift-composable-env internal check failed: %s (a library bug; please report it)\n",
          message);
  abort();
}

void environment_check_failures_observe(bool observe) {
  environment_observing_checks = observe;
  environment_observed_failures = 0;
  environment_first_failure = 0;
}

unsigned environment_check_failures(const char **first) {
  *first = environment_first_failure;
  return environment_observed_failures;
}
