// The globals of this module and the slow paths of its inline functions.
#define _GNU_SOURCE
#include "EnvironmentAtomics.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Platform: the registry's mutexes, the key that releases a record at thread exit

// Three implementations behind one set of names: POSIX threads; Windows (slim reader/writer locks
// and a fiber-local slot whose callback runs at thread exit); and a target with a single thread
// (WASI without the threads proposal), where there is nothing to exclude and no thread exits
// before the process. Nothing here assumes robust mutexes, which some C libraries lack (Android's
// bionic).
#if defined(_WIN32)
#include <malloc.h>
#include <windows.h>
typedef SRWLOCK environment_mutex;
#define ENVIRONMENT_MUTEX_INITIALIZER SRWLOCK_INIT
static void environment_mutex_lock(environment_mutex *mutex) { AcquireSRWLockExclusive(mutex); }
static void environment_mutex_unlock(environment_mutex *mutex) { ReleaseSRWLockExclusive(mutex); }
typedef DWORD environment_exit_key;
static int environment_exit_key_create(environment_exit_key *key, void (*release)(void *)) {
  // A fiber-local slot's callback runs at thread exit with the slot's value (if non-null).
  *key = FlsAlloc((PFLS_CALLBACK_FUNCTION)release);
  return *key == FLS_OUT_OF_INDEXES ? -1 : 0;
}
static int environment_exit_key_set(environment_exit_key key, void *value) {
  return FlsSetValue(key, value) ? 0 : -1;
}
static void *environment_aligned_allocate(size_t alignment, size_t size) {
  return _aligned_malloc(size, alignment);
}
#elif defined(__wasi__) && !defined(__wasm_atomics__)
typedef int environment_mutex;
#define ENVIRONMENT_MUTEX_INITIALIZER 0
static void environment_mutex_lock(environment_mutex *mutex) { (void)mutex; }
static void environment_mutex_unlock(environment_mutex *mutex) { (void)mutex; }
typedef int environment_exit_key;
static int environment_exit_key_create(environment_exit_key *key, void (*release)(void *)) {
  (void)release;  // the one thread exits with the process
  *key = 0;
  return 0;
}
static int environment_exit_key_set(environment_exit_key key, void *value) {
  (void)key;
  (void)value;
  return 0;
}
static void *environment_aligned_allocate(size_t alignment, size_t size) {
  return aligned_alloc(alignment, size);
}
#else
#include <pthread.h>
typedef pthread_mutex_t environment_mutex;
#define ENVIRONMENT_MUTEX_INITIALIZER PTHREAD_MUTEX_INITIALIZER
static void environment_mutex_lock(environment_mutex *mutex) { pthread_mutex_lock(mutex); }
static void environment_mutex_unlock(environment_mutex *mutex) { pthread_mutex_unlock(mutex); }
typedef pthread_key_t environment_exit_key;
static int environment_exit_key_create(environment_exit_key *key, void (*release)(void *)) {
  return pthread_key_create(key, release);
}
static int environment_exit_key_set(environment_exit_key key, void *value) {
  return pthread_setspecific(key, value);
}
static void *environment_aligned_allocate(size_t alignment, size_t size) {
  void *memory = 0;
  return posix_memalign(&memory, alignment, size) == 0 ? memory : 0;
}
#define ENVIRONMENT_HAS_FORK 1
#endif

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

// MARK: - Reclamation: reader records

_Static_assert(sizeof(environment_reader_bookkeeping) <= 128, "a record's bookkeeping fits a line");
_Static_assert(sizeof(environment_reader) == 256, "a record is two 128-byte lines");

uint64_t environment_retired_count = 0;

ENVIRONMENT_THREAD_LOCAL environment_reader *environment_current_reader = 0;

ENVIRONMENT_THREAD_LOCAL void *environment_current_context = 0;

ENVIRONMENT_THREAD_LOCAL bool environment_draining = false;
ENVIRONMENT_THREAD_LOCAL uint64_t environment_scope_lookups = 0;

/// Set when the thread's exit released its record: a later pin on the thread (from a
/// thread-specific-data destructor that runs after the record's) borrows one for its section
/// instead of taking one that no destructor would release.
static ENVIRONMENT_THREAD_LOCAL bool environment_reader_exited = false;

/// The live records: those of threads alive that ever read, and those lent for a section.
///
/// Changed only under `environment_registry`; scanned without a lock, from the last slot down.
/// Invariants that make such a scan see every record listed before it began and still listed:
/// - a record leaves a slot only to move to a lower one (its slot is filled by the last record
///   when a record leaves), and the move stores the lower slot before it lowers `count` and
///   clears the upper one: a scan that finds the upper slot cleared finds the record lower down,
///   later in its pass;
/// - a full directory is replaced by a larger copy, and the old one is never changed or freed
///   again: a scan that began on it sees the records listed then (a record listed later was
///   listed after the scan loaded the directory, so its first pin follows the scan; see
///   `environment_reader_list`).
typedef struct environment_directory {
  unsigned long capacity;
  unsigned long count;
  environment_reader *_Nullable slots[];
} environment_directory;

static environment_directory *environment_records = 0;
/// Records of threads that exited, for the next threads to take. Never freed.
static environment_reader *environment_free_records = 0;
/// Set in a forked child whose parent left tables queued: the child's first record makes a pass
/// at its first unpin.
static bool environment_fork_left_queue = false;
static environment_mutex environment_registry = ENVIRONMENT_MUTEX_INITIALIZER;
static environment_mutex environment_retired_queue_lock = ENVIRONMENT_MUTEX_INITIALIZER;
/// Releases a thread's record at its exit; made at the first registration (under the registry's
/// lock, `environment_reader_key_made`).
static environment_exit_key environment_reader_key;
static bool environment_reader_key_made = false;

static void environment_abort(const char *what, int status) {
  fprintf(stderr, "swift-composable-env: %s failed with %d\n", what, status);
  abort();
}

/// Lists `reader` in the last slot (under the registry's lock). The slot is stored before the
/// count, both sequentially consistent, and before the record's first pin: a scan that misses the
/// record loaded the count (or the directory) before this store, so it precedes the record's
/// first pin in the single order of seq_cst operations (Design.md, "Why a freed table is not in
/// use").
static void environment_reader_list(environment_reader *reader) {
  environment_directory *directory = environment_records;
  unsigned long count = directory ? directory->count : 0;
  if (directory == 0 || count == directory->capacity) {
    unsigned long capacity = directory ? directory->capacity * 2 : 64;
    environment_directory *larger =
        calloc(1, sizeof(environment_directory) + capacity * sizeof(environment_reader *));
    if (larger == 0) environment_abort("allocating the reader directory", 0);
    larger->capacity = capacity;
    larger->count = count;
    if (directory) memcpy(larger->slots, directory->slots, count * sizeof(environment_reader *));
    // The old directory stays as it is, for the scans under way on it (a bounded leak: the
    // directories together hold twice the peak number of records).
    __atomic_store_n(&environment_records, larger, __ATOMIC_SEQ_CST);
    directory = larger;
  }
  reader->bookkeeping.fields.slot = (uint32_t)count;
  __atomic_store_n(&directory->slots[count], reader, __ATOMIC_SEQ_CST);
  __atomic_store_n(&directory->count, count + 1, __ATOMIC_SEQ_CST);
}

/// Takes `reader` out of the directory (under the registry's lock). The record is unpinned: its
/// thread is exiting or gone, or gives back a lent record after its unpin.
static void environment_reader_unlist(environment_reader *reader) {
  environment_directory *directory = environment_records;
  unsigned long last = directory->count - 1;
  unsigned long slot = reader->bookkeeping.fields.slot;
  if (slot != last) {
    environment_reader *moved = directory->slots[last];
    moved->bookkeeping.fields.slot = (uint32_t)slot;
    __atomic_store_n(&directory->slots[slot], moved, __ATOMIC_SEQ_CST);
  }
  __atomic_store_n(&directory->count, last, __ATOMIC_SEQ_CST);
  __atomic_store_n(&directory->slots[last], 0, __ATOMIC_SEQ_CST);
}

/// Puts an unlisted record on the free list (under the registry's lock).
static void environment_reader_free(environment_reader *reader) {
  reader->bookkeeping.fields.next_free = environment_free_records;
  environment_free_records = reader;
}

/// A record from the free list, or a new one (under the registry's lock).
static environment_reader *environment_reader_take(void) {
  environment_reader *reader = environment_free_records;
  if (reader != 0) {
    environment_free_records = reader->bookkeeping.fields.next_free;
  } else {
    reader = environment_aligned_allocate(128, sizeof(environment_reader));
    if (reader == 0) environment_abort("allocating a reader record", 0);
    memset(reader, 0, sizeof(environment_reader));
  }
  reader->bookkeeping.fields.next_free = 0;
  reader->bookkeeping.fields.unpin_work = 0;
  return reader;
}

/// Releases the exiting thread's record (the pthread key's destructor).
static void environment_reader_release(void *record) {
  environment_reader *reader = record;
  environment_current_reader = 0;
  environment_reader_exited = true;
  environment_mutex_lock(&environment_registry);
  environment_reader_unlist(reader);
  environment_reader_free(reader);
  environment_mutex_unlock(&environment_registry);
}

#if defined(ENVIRONMENT_HAS_FORK)
// A child forked from a multi-threaded process has only the forking thread, and POSIX allows it
// only async-signal-safe calls until it execs: the library promises a working child only when the
// parent's other threads were not inside the library at the fork (ThreadSafety.md, "fork"). For
// that case, the registry's and the queue's locks are taken across the fork (a registration or a
// pass of another thread never leaves them held in the child), and in the child every record is
// taken out of the directory: the other threads' go to the free list (one pinned at the fork
// would otherwise hold back every table the child retires), the forking thread's own is dropped
// and the thread takes a fresh record at its next read. A child forked while another thread was
// inside a write, a first read or a default may block on that thread's lock: it should exec.
static void environment_fork_prepare(void) {
  environment_mutex_lock(&environment_registry);
  environment_mutex_lock(&environment_retired_queue_lock);
}

static void environment_fork_parent(void) {
  environment_mutex_unlock(&environment_retired_queue_lock);
  environment_mutex_unlock(&environment_registry);
}

static void environment_fork_child(void) {
  environment_directory *directory = environment_records;
  environment_reader *own = environment_current_reader;
  if (directory != 0) {
    for (unsigned long index = 0; index < directory->count; index++) {
      environment_reader *reader = directory->slots[index];
      directory->slots[index] = 0;
      if (reader == own) continue;
      reader->state &= ~(ENVIRONMENT_READER_PINNED | ENVIRONMENT_READER_HELD);
      environment_reader_free(reader);
    }
    directory->count = 0;
  }
  if (own != 0) {
    environment_current_reader = 0;
    environment_exit_key_set(environment_reader_key, 0);
  }
  // The tables the other threads held back are held by nothing now: the child's first unpin
  // frees them.
  environment_fork_left_queue = environment_retired_count != 0;
  environment_mutex_unlock(&environment_retired_queue_lock);
  environment_mutex_unlock(&environment_registry);
}
#endif

/// Makes the key that releases records at thread exit, once (under the registry's lock).
static void environment_reader_setup(void) {
  if (environment_reader_key_made) return;
  int status = environment_exit_key_create(&environment_reader_key, environment_reader_release);
  if (status != 0) environment_abort("creating the thread-exit key", status);
#if defined(ENVIRONMENT_HAS_FORK)
  status = pthread_atfork(environment_fork_prepare, environment_fork_parent, environment_fork_child);
  if (status != 0) environment_abort("pthread_atfork", status);
#endif
  environment_reader_key_made = true;
}

environment_reader *environment_reader_register(void) {
  environment_mutex_lock(&environment_registry);
  environment_reader_setup();
  environment_reader *reader = environment_reader_take();
  bool lent = environment_reader_exited;
  if (lent) reader->bookkeeping.fields.unpin_work |= ENVIRONMENT_READER_LENT;
  if (environment_fork_left_queue) {
    reader->bookkeeping.fields.unpin_work |= ENVIRONMENT_READER_PASS;
    environment_fork_left_queue = false;
  }
  environment_reader_list(reader);
  environment_mutex_unlock(&environment_registry);
  if (!lent) {
    // A thread whose first read runs in the last round of thread-specific-data destructors
    // (after which the C library calls none) keeps this record listed for good: 256 bytes and one
    // load per retirement. No portable interface tells a thread it is in that round.
    int status = environment_exit_key_set(environment_reader_key, reader);
    if (status != 0) environment_abort("setting the thread-exit key", status);
  }
  environment_current_reader = reader;
  return reader;
}

/// What an unpin does besides unpinning (slow path of `environment_unpin`): gives a lent record
/// back, and says whether to make a pass it was asked for.
static bool environment_unpin_work(environment_reader *reader) {
  uint32_t work = reader->bookkeeping.fields.unpin_work;
  reader->bookkeeping.fields.unpin_work = work & ENVIRONMENT_READER_LENT;
  if (work & ENVIRONMENT_READER_LENT) {
    environment_current_reader = 0;
    environment_mutex_lock(&environment_registry);
    environment_reader_unlist(reader);
    environment_reader_free(reader);
    environment_mutex_unlock(&environment_registry);
  }
  return (work & ENVIRONMENT_READER_PASS) != 0;
}

// Never inlined, and a compiler barrier besides: the optimizer must not move a retain made while
// pinned below the exchange (see the declaration).
__attribute__((noinline)) bool environment_unpin(environment_reader *reader) {
  __asm__ __volatile__("" ::: "memory");
  uint64_t state = __atomic_load_n(&reader->state, __ATOMIC_RELAXED);
  uint64_t pinned = __atomic_exchange_n(&reader->state, state & ~(uint64_t)3, __ATOMIC_SEQ_CST);
  bool pass = (pinned & ENVIRONMENT_READER_HELD) != 0;
  if (__builtin_expect(reader->bookkeeping.fields.unpin_work != 0, 0)) {
    pass = environment_unpin_work(reader) || pass;
  }
  return pass;
}

unsigned long environment_pinned_sections(environment_hold *holds, unsigned long capacity) {
  environment_directory *directory = __atomic_load_n(&environment_records, __ATOMIC_SEQ_CST);
  if (directory == 0) return 0;
  unsigned long pinned = 0;
  for (unsigned long index = __atomic_load_n(&directory->count, __ATOMIC_SEQ_CST); index-- > 0;) {
    environment_reader *reader = __atomic_load_n(&directory->slots[index], __ATOMIC_SEQ_CST);
    if (reader == 0) continue;
    uint64_t state = __atomic_load_n(&reader->state, __ATOMIC_SEQ_CST);
    if (!(state & ENVIRONMENT_READER_PINNED)) continue;
    // A record moved down during the scan may be seen twice: waiting for a section twice is
    // harmless.
    if (pinned < capacity) holds[pinned] = (environment_hold){.reader = reader, .section = state >> 2};
    pinned++;
  }
  return pinned;
}

void environment_retired_lock(void) { environment_mutex_lock(&environment_retired_queue_lock); }

void environment_retired_unlock(void) { environment_mutex_unlock(&environment_retired_queue_lock); }

const void *environment_retired_lock_address(void) { return &environment_retired_queue_lock; }

unsigned long environment_live_records(void) {
  environment_mutex_lock(&environment_registry);
  unsigned long count = environment_records ? environment_records->count : 0;
  environment_mutex_unlock(&environment_registry);
  return count;
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
#if defined(__linux__) || defined(__APPLE__)
  return pthread_getname_np(pthread_self(), buffer, size) == 0 && buffer[0] != 0;
#else
  (void)buffer;
  (void)size;
  return false;
#endif
}

// MARK: - Test support

void *environment_test_reporter = 0;

uint64_t environment_live_test_contexts = 0;

bool environment_test_reporter_install(void *reporter) {
  void *expected = 0;
  return __atomic_compare_exchange_n(&environment_test_reporter, &expected, reporter, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

static ENVIRONMENT_THREAD_LOCAL uintptr_t environment_test_value_marked_key = 0;

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
static ENVIRONMENT_THREAD_LOCAL const void *environment_held_locks[4];
static ENVIRONMENT_THREAD_LOCAL unsigned environment_held_ranks[4];
static ENVIRONMENT_THREAD_LOCAL unsigned environment_held_count = 0;

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

static ENVIRONMENT_THREAD_LOCAL bool environment_observing_checks = false;
static ENVIRONMENT_THREAD_LOCAL unsigned environment_observed_failures = 0;
static ENVIRONMENT_THREAD_LOCAL const char *environment_first_failure = 0;

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
