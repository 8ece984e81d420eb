// What `_EnvironmentCore` needs below the level Swift reaches on its deployment targets
// (`Synchronization` needs macOS 15 / iOS 18):
//
// 1. atomic operations on 64-bit counters;
// 2. on Linux, a 4-byte lock that wakes its waiters (`os_unfair_lock` on Apple platforms);
// 3. reclamation: per-thread reader records that let a read of an environment's cache take no
//    lock and write only the reader's own cache line, and let writers know when a replaced cache
//    can no longer be in use; no system call, and no thread ever interrupts another;
// 4. the read table: an environment's immutable-once-published cache of resolved values,
//    looked up without a lock;
// 5. the number of live `withValues` scopes (GlobalEnv's fast path);
// 6. for tests: the installed test-failure reporter, and the per-thread mark with which a key's
//    default `testValue` says that the key declares none;
// 7. the calling thread's context, in a thread-local variable;
// 8. checked builds: the lock-order records and the reporting of a failed internal check, per
//    thread, shared by every module of the library (`Box` checks that no value is released under
//    a lock).
//
// Nothing here runs user code or allocates on the read path. Every function used on the read
// path is `static inline`, so that Swift callers inline it, except `environment_unpin`, which is
// out of line on purpose (see there).
//
// Why not `Synchronization`'s `Mutex` and `Atomic` on Linux, where they are always available:
// - the deployment targets above need this code anyway, and one implementation on every platform
//   keeps the reclamation argument (Design.md, "Reclamation") about one piece of code;
// - the unpin must be an opaque call, which an `Atomic` store cannot express (the optimizer
//   moved a retain across the inline store: a use after free);
// - reader records and the thread context are found through `__thread` variables, which Swift
//   has no equivalent of (a pthread key lookup costs a call on every read);
// - a lock lives inside the single allocation of what it guards, at an address the checked
//   builds' lock-order and recursion checks identify it by (`environment_lock_acquiring`); the
//   Benchmarks package's "heap per bare node" (under 350 bytes after one read) counts on that.

#ifndef ENVIRONMENT_ATOMICS_H
#define ENVIRONMENT_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

/// Thread-local storage for the variables below: `__thread`, or nothing on a target with a single
/// thread (WASI without the threads proposal), where a plain global is the thread's own.
#if defined(__wasi__) && !defined(__wasm_atomics__)
#define ENVIRONMENT_THREAD_LOCAL
#else
#define ENVIRONMENT_THREAD_LOCAL __thread
#endif

// MARK: - Counters and pointers

/// Loads `*counter` with acquire ordering.
static inline uint64_t environment_atomic_load(const uint64_t *_Nonnull counter) {
  return __atomic_load_n(counter, __ATOMIC_ACQUIRE);
}

/// Adds one to `*counter` (sequentially consistent) and returns the new value.
static inline uint64_t environment_atomic_increment(uint64_t *_Nonnull counter) {
  return __atomic_add_fetch(counter, 1, __ATOMIC_SEQ_CST);
}

/// Adds `amount` to `*counter` (sequentially consistent).
static inline void environment_atomic_add(uint64_t *_Nonnull counter, uint64_t amount) {
  __atomic_add_fetch(counter, amount, __ATOMIC_SEQ_CST);
}

/// Subtracts `amount` from `*counter` (sequentially consistent).
static inline void environment_atomic_subtract(uint64_t *_Nonnull counter, uint64_t amount) {
  __atomic_sub_fetch(counter, amount, __ATOMIC_SEQ_CST);
}

/// Sets `bits` in `*counter` (sequentially consistent).
static inline void environment_atomic_set_bits(uint64_t *_Nonnull counter, uint64_t bits) {
  __atomic_fetch_or(counter, bits, __ATOMIC_SEQ_CST);
}

/// Claims `*flag` (0 to 1, acquire) and returns whether this call claimed it: exclusive use of
/// what the flag guards, with no waiting (`WithRandomNumberGenerator`'s generator). Swift's
/// `Synchronization` atomics need macOS 15 and iOS 18; the package supports older systems.
static inline bool environment_flag_claim(uint64_t *_Nonnull flag) {
  uint64_t expected = 0;
  return __atomic_compare_exchange_n(flag, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

/// Gives up a claim made with `environment_flag_claim` (release).
static inline void environment_flag_unclaim(uint64_t *_Nonnull flag) {
  __atomic_store_n(flag, 0, __ATOMIC_RELEASE);
}

// MARK: - Lock (Linux)

#if defined(__linux__)
// A 4-byte mutex on a futex word: 0 unlocked, 1 locked, 2 locked with (possible) waiters.
// Taking it uncontended is one compare-and-swap; releasing it is one exchange, followed by a
// `FUTEX_WAKE` only when a thread is (or may be) sleeping. Waiters sleep until woken, with no
// deadline. It exists because it lives inside a node's single allocation (4 bytes beside the read
// table pointer); see PlatformLock.swift for the measurement behind that choice.

/// Waits for the lock (slow path of `environment_lock`).
void environment_lock_contended(uint32_t *_Nonnull lock);

/// Wakes one waiter (slow path of `environment_unlock`).
void environment_lock_wake(uint32_t *_Nonnull lock);

/// Takes the lock.
static inline void environment_lock(uint32_t *_Nonnull lock) {
  uint32_t expected = 0;
  if (!__atomic_compare_exchange_n(lock, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
    environment_lock_contended(lock);
  }
}

/// Releases the lock, waking one waiter if there may be any.
static inline void environment_unlock(uint32_t *_Nonnull lock) {
  if (__atomic_exchange_n(lock, 0, __ATOMIC_RELEASE) == 2) {
    environment_lock_wake(lock);
  }
}
#endif

// MARK: - Reclamation: reader records

/// One thread's reader record. A thread *pins* its record for the few instructions of a cache
/// lookup and unpins it before returning; no user code runs, no lock is taken and nothing is
/// waited for in between. A replaced cache is freed once every section that was pinned when it was
/// replaced has ended (Design.md, "Reclamation").
///
/// `state` is `section << 2 | held << 1 | pinned`:
/// - `section` counts the thread's pinned sections: it only grows, also when the record passes to
///   another thread, so a section is never confused with a later one;
/// - `pinned` (bit 0): the thread is inside section `section`;
/// - `held` (bit 1): a reclaimer queued a table that this section holds back, so the unpin makes a
///   pass.
/// The owner writes it with exchanges (pin, unpin), reclaimers only with `fetch_or` of the held
/// bit; every access is sequentially consistent.
///
/// Records are never freed (a reclaimer may be looking at one): a thread's record is listed in the
/// directory of live records while the thread lives, and goes to a free list at the thread's exit,
/// for the next thread to take.
struct environment_reader;

/// What a record's owner and the registry change rarely: on a line of its own, so that `state`'s
/// line is written only by pins, unpins and marks.
typedef struct environment_reader_bookkeeping {
  /// What the unpin does besides unpinning (`ENVIRONMENT_READER_LENT`,
  /// `ENVIRONMENT_READER_PASS`); 0 almost always.
  uint32_t unpin_work;
  /// The record's index in the directory of live records (under the registry's lock).
  uint32_t slot;
  /// The next record of the free list (under the registry's lock).
  struct environment_reader *_Nullable next_free;
} environment_reader_bookkeeping;

/// One thread's reader record: `state` alone on a 128-byte line (two 64-byte lines on x86-64, one
/// on Apple's processors), the bookkeeping on the next, so that readers never share a line.
typedef struct environment_reader {
  uint64_t state;
  char state_line[120];
  union {
    environment_reader_bookkeeping fields;
    char line[128];
  } bookkeeping;
} environment_reader;

/// `unpin_work`: the record is lent for one pinned section to a thread whose own record was
/// released at its exit (a read from a thread-specific-data destructor), and is given back at the
/// unpin.
#define ENVIRONMENT_READER_LENT ((uint32_t)1)
/// `unpin_work`: the next unpin makes a pass once (a forked child's first record, when the parent
/// left tables queued).
#define ENVIRONMENT_READER_PASS ((uint32_t)2)

/// The state bit of a pinned record.
#define ENVIRONMENT_READER_PINNED ((uint64_t)1)
/// The state bit of a record whose section holds a queued table back.
#define ENVIRONMENT_READER_HELD ((uint64_t)2)

/// This thread's record, or NULL before its first pin and after its exit began.
#if defined(__linux__)
extern __thread environment_reader *_Nullable environment_current_reader
    __attribute__((tls_model("initial-exec")));
#else
extern ENVIRONMENT_THREAD_LOCAL environment_reader *_Nullable environment_current_reader;
#endif

/// Gives the calling thread a record (slow path of `environment_pin`): its own, kept until the
/// thread exits, or, once its exit has released its own, one lent for this section.
environment_reader *_Nonnull environment_reader_register(void);

/// Pins the calling thread's record in a new section and returns it.
///
/// The exchange is a full barrier: a reclaimer whose scan saw this record unpinned before the pin
/// is ordered before the loads that follow it, so those loads see every table pointer the
/// reclaimer replaced before it scanned. Writes only the thread's own cache line.
static inline environment_reader *_Nonnull environment_pin(void) {
  environment_reader *reader = environment_current_reader;
  if (__builtin_expect(reader == 0, 0)) reader = environment_reader_register();
  // Only this thread changes the section, so its own last value is current.
  uint64_t state = __atomic_load_n(&reader->state, __ATOMIC_RELAXED);
  __atomic_exchange_n(&reader->state, (state | 3) + 2, __ATOMIC_SEQ_CST);
  return reader;
}

/// Unpins a record pinned by `environment_pin`; returns whether a reclaimer marked the section as
/// holding a queued table back, in which case the caller makes a pass.
///
/// An exchange (a full barrier, which also reads the held bit atomically with the unpin): the
/// pinned section's loads and retains come before it, and a reclaimer that reads the unpinned
/// state sees them.
///
/// Out of line on purpose (defined in EnvironmentAtomics.c, never inlined): a reader copies a
/// value out of a table while pinned, and the copy retains the value's objects. Inlined, the
/// unpin was an atomic store the optimizer could see, and it sank that retain below it (seen in a
/// release build's disassembly: load the object, unpin, then `swift_retain`), so a writer could
/// free the object in between: a use after free. An opaque call may release any object, so no
/// retain is moved across it. (`Scripts/check-unpin-opaque` checks the optimized build.)
bool environment_unpin(environment_reader *_Nonnull reader);

/// Whether the calling thread's record is pinned (for assertions).
static inline bool environment_is_pinned(void) {
  environment_reader *reader = environment_current_reader;
  return reader != 0 && (__atomic_load_n(&reader->state, __ATOMIC_RELAXED) & ENVIRONMENT_READER_PINNED);
}

/// A pinned section a reclaimer waits for: a record and its section number.
typedef struct environment_hold {
  environment_reader *_Nonnull reader;
  uint64_t section;
} environment_hold;

/// Scans the live records and writes up to `capacity` of those pinned now into `holds`; returns
/// how many were pinned (possibly more than `capacity`: scan again with room for them). Loads
/// only, each sequentially consistent; the cost is the number of threads alive that ever read,
/// not the number that ever lived.
unsigned long environment_pinned_sections(environment_hold *_Nonnull holds, unsigned long capacity);

/// Marks `hold`'s record held, so that its unpin makes a pass; returns whether the section was
/// still pinned (otherwise it had ended, and its unpin made no pass for this mark).
static inline bool environment_hold_mark(environment_hold hold) {
  uint64_t state = __atomic_fetch_or(&hold.reader->state, ENVIRONMENT_READER_HELD, __ATOMIC_SEQ_CST);
  return (state >> 2) == hold.section && (state & ENVIRONMENT_READER_PINNED);
}

/// Whether `hold`'s section has ended.
static inline bool environment_hold_ended(environment_hold hold) {
  uint64_t state = __atomic_load_n(&hold.reader->state, __ATOMIC_SEQ_CST);
  return (state >> 2) != hold.section || !(state & ENVIRONMENT_READER_PINNED);
}

/// How many tables wait to be freed (changed under the queue's lock; read without it, to skip
/// looking at an empty queue).
extern uint64_t environment_retired_count;

static inline uint64_t environment_retired_count_load(void) {
  return __atomic_load_n(&environment_retired_count, __ATOMIC_ACQUIRE);
}

static inline void environment_retired_count_store(uint64_t count) {
  __atomic_store_n(&environment_retired_count, count, __ATOMIC_RELEASE);
}

/// Takes and releases the lock of the queue of retired tables. A mutex of its own rather than a
/// Swift lock, so that `fork()` can take it (`pthread_atfork`): a child never inherits it held
/// by a thread that does not exist there. A leaf: no other lock is taken, and nothing is freed,
/// under it.
void environment_retired_lock(void);
void environment_retired_unlock(void);

/// The address of the queue's lock, for the checked builds' lock-order records.
const void *_Nonnull environment_retired_lock_address(void);

/// How many records the directory of live records lists (for tests).
unsigned long environment_live_records(void);

// MARK: - Read table

/// One resolved value: `identity` is a key path's or a key type's address (0: empty slot);
/// `box` the retained `Box<Value>`'s address. What keeps a key path's identity from being reused
/// is in a side array of the table that readers never touch (`IdentityAnchor`; key types are
/// never deallocated). Two words, so that a table of thousands of entries stays small enough to be
/// read from the cache.
typedef struct environment_table_entry {
  uintptr_t identity;
  uintptr_t box;
} environment_table_entry;

/// A node's cache of resolved values, valid while `*generation_counter == generation`.
/// Published entries are never changed; new entries go into empty slots (box first,
/// then the identity with release ordering), or into a larger copy that replaces the table.
typedef struct environment_table {
  /// The generation counter of the tree the table was made for (which also identifies the tree;
  /// not retained: see the lifetime rule in Tree.swift).
  const uint64_t *_Nonnull generation_counter;
  uint64_t generation;
  uint32_t mask;
  uint32_t count;
  environment_table_entry entries[];
} environment_table;

/// The table of a node that has cached nothing: never current, never freed.
environment_table *_Nonnull environment_empty_table_pointer(void);

/// Loads a node's table pointer. Sequentially consistent: ordered after the reader's pin (see
/// `environment_pin`).
static inline environment_table *_Nonnull environment_table_load(environment_table *_Nonnull const *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_SEQ_CST);
}

/// Loads a pointer that another thread publishes with `environment_pointer_store` (acquire).
static inline void *_Nonnull environment_pointer_load(void *_Nonnull const *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/// Publishes a pointer (release).
static inline void environment_pointer_store(void *_Nonnull *_Nonnull slot, void *_Nonnull value) {
  __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

/// Loads a word that another thread publishes with `environment_word_store` (acquire).
static inline uintptr_t environment_word_load(const uintptr_t *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/// Publishes a word (release).
static inline void environment_word_store(uintptr_t *_Nonnull slot, uintptr_t value) {
  __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

/// Stores `desired` in `*slot` if it holds `expected` (sequentially consistent); returns whether
/// it did.
static inline bool environment_word_compare_exchange(uintptr_t *_Nonnull slot, uintptr_t expected,
                                                     uintptr_t desired) {
  return __atomic_compare_exchange_n(slot, &expected, desired, false, __ATOMIC_SEQ_CST,
                                     __ATOMIC_SEQ_CST);
}

/// Whether any of `bits` is set in a word of flags that another thread sets with
/// `environment_flags_set` (acquire).
static inline bool environment_flags_load(const uint32_t *_Nonnull flags, uint32_t bits) {
  return (__atomic_load_n(flags, __ATOMIC_ACQUIRE) & bits) != 0;
}

/// Sets `bits` in a word of flags, leaving the others as they are (release).
static inline void environment_flags_set(uint32_t *_Nonnull flags, uint32_t bits) {
  __atomic_fetch_or(flags, bits, __ATOMIC_RELEASE);
}

/// The whole word of flags (acquire): for a count kept in its high bits.
static inline uint32_t environment_flags_word(const uint32_t *_Nonnull flags) {
  return __atomic_load_n(flags, __ATOMIC_ACQUIRE);
}

/// Adds `amount` to a word of flags, a count kept in its high bits (sequentially consistent).
static inline void environment_flags_add(uint32_t *_Nonnull flags, uint32_t amount) {
  __atomic_fetch_add(flags, amount, __ATOMIC_SEQ_CST);
}

/// Publishes a node's new table pointer (sequentially consistent).
static inline void environment_table_store(environment_table *_Nonnull *_Nonnull slot,
                                           environment_table *_Nonnull table) {
  __atomic_store_n(slot, table, __ATOMIC_SEQ_CST);
}

/// The slot where `identity` is looked up first in a table of `mask + 1` slots.
///
/// A multiplicative (Fibonacci) hash: identities are addresses of objects allocated close together
/// (key paths made one after another), which a shift-and-xor hash spread unevenly, so that a table
/// of thousands of entries probed several slots for many of them.
static inline uintptr_t environment_table_slot(uintptr_t identity, uintptr_t mask) {
  return (uintptr_t)(((uint64_t)identity * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}

/// The entry for `identity`, if `table` is current; NULL otherwise. The caller is pinned.
static inline const environment_table_entry *_Nullable environment_table_find(
    const environment_table *_Nonnull table, uintptr_t identity) {
  if (__atomic_load_n(table->generation_counter, __ATOMIC_ACQUIRE) != table->generation) return 0;
  uintptr_t index = environment_table_slot(identity, table->mask);
  // At most one pass over the slots: a table may be full.
  for (uintptr_t probes = 0; probes <= table->mask; probes++) {
    uintptr_t candidate = __atomic_load_n(&table->entries[index].identity, __ATOMIC_ACQUIRE);
    if (candidate == identity) return &table->entries[index];
    if (candidate == 0) return 0;
    index = (index + 1) & table->mask;
  }
  return 0;
}

/// The box cached for `identity`, if `table` is current; NULL otherwise. The caller is pinned.
static inline void *_Nullable environment_table_lookup(const environment_table *_Nonnull table,
                                                       uintptr_t identity) {
  const environment_table_entry *entry = environment_table_find(table, identity);
  return entry ? (void *)entry->box : 0;
}

/// The entries of `table`.
static inline environment_table_entry *_Nonnull environment_table_entries(environment_table *_Nonnull table) {
  return table->entries;
}

/// Publishes an entry in an empty slot of `table` (the caller holds the node's lock): the box
/// first, then the identity with release ordering, so that a reader that finds the identity sees
/// the box.
static inline void environment_table_publish(environment_table_entry *_Nonnull entry,
                                             uintptr_t identity, void *_Nonnull box) {
  entry->box = (uintptr_t)box;
  __atomic_store_n(&entry->identity, identity, __ATOMIC_RELEASE);
}

// MARK: - Waiting

/// The number of threads waiting for work in progress on another thread (see WaitRoom.swift).
extern uint64_t environment_waiters;

static inline void environment_waiters_increment(void) {
  __atomic_add_fetch(&environment_waiters, 1, __ATOMIC_SEQ_CST);
}

static inline void environment_waiters_decrement(void) {
  __atomic_sub_fetch(&environment_waiters, 1, __ATOMIC_SEQ_CST);
}

static inline uint64_t environment_waiters_load(void) {
  return __atomic_load_n(&environment_waiters, __ATOMIC_SEQ_CST);
}

// MARK: - Threads

/// Writes the calling thread's name (NUL-terminated) into `buffer`; false if it has none.
bool environment_thread_name(char *_Nonnull buffer, unsigned long size);

/// The calling thread's `ThreadContext` (unretained), or NULL before its first use and after its
/// release at thread exit. A copy of the pthread key's value (which keeps the context and
/// releases it at exit) that costs one load instead of a call to `pthread_getspecific`.
#if defined(__linux__)
extern __thread void *_Nullable environment_current_context
    __attribute__((tls_model("initial-exec")));
#else
extern ENVIRONMENT_THREAD_LOCAL void *_Nullable environment_current_context;
#endif

static inline void *_Nullable environment_context_load(void) { return environment_current_context; }

/// How many times the calling thread looked up its task's current scope (GlobalEnv), wrapping: a
/// getter's recorded run compares it before and after, to tell whether the getter read values
/// other than through the `Dependencies` it was given (`RecordedRead`).
#if defined(__linux__)
extern __thread uint64_t environment_scope_lookups __attribute__((tls_model("initial-exec")));
#else
extern ENVIRONMENT_THREAD_LOCAL uint64_t environment_scope_lookups;
#endif

static inline uint64_t environment_scope_lookups_load(void) { return environment_scope_lookups; }

static inline void environment_scope_lookups_increment(void) { environment_scope_lookups += 1; }

/// Whether the calling thread is draining its pending releases (`DeferredRelease`). In C, not in
/// the thread's Swift context: the optimizer treats a C global as memory any `deinit` may read, and
/// so never moves a store of it past a release. (Kept in the context, the store that starts a drain
/// was sunk below the release it was meant to cover, whose `deinit` then released on its own
/// stack: a release-build stack overflow.)
#if defined(__linux__)
extern __thread bool environment_draining __attribute__((tls_model("initial-exec")));
#else
extern ENVIRONMENT_THREAD_LOCAL bool environment_draining;
#endif

static inline bool environment_draining_load(void) { return environment_draining; }

static inline void environment_draining_store(bool draining) { environment_draining = draining; }

static inline void environment_context_store(void *_Nullable context) {
  environment_current_context = context;
}

// MARK: - GlobalEnv's live scopes

/// The number of live `withValues` scopes in the process. A C global, so that a read checks it
/// with one load and no lazy initialization.
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

// MARK: - Test support

/// The test-failure reporter a testing module installed (an unmanaged, never released Swift
/// object), or NULL.
extern void *_Nullable environment_test_reporter;

/// Loads the installed reporter with acquire ordering.
static inline void *_Nullable environment_test_reporter_load(void) {
  return __atomic_load_n(&environment_test_reporter, __ATOMIC_ACQUIRE);
}

/// Installs `reporter` unless one is installed already; true if it was installed.
bool environment_test_reporter_install(void *_Nonnull reporter);

/// The number of test contexts alive in the process: while none is, creating an environment skips
/// the task-local lookup of the current one.
extern uint64_t environment_live_test_contexts;

static inline uint64_t environment_live_test_contexts_load(void) {
  return __atomic_load_n(&environment_live_test_contexts, __ATOMIC_ACQUIRE);
}

static inline void environment_live_test_contexts_add(int64_t amount) {
  __atomic_add_fetch(&environment_live_test_contexts, (uint64_t)amount, __ATOMIC_ACQ_REL);
}

/// Marks, on the calling thread, that the key identified by `key` has no test value of its own
/// (its `testValue` is the protocol's default). `environment_test_value_mark_take` reads and
/// clears the mark.
void environment_test_value_mark(uintptr_t key);

/// The key last marked on the calling thread (0 if none), cleared.
uintptr_t environment_test_value_mark_take(void);

// MARK: - Checked builds

/// What `environment_lock_acquiring` found.
typedef enum environment_lock_check {
  /// The thread holds no lock of the library.
  environment_lock_check_free = 0,
  /// The thread holds this very lock: taking it again would never return.
  environment_lock_check_recursive = 1,
  /// The thread holds a lock of the same or a later rank: out of the library's lock order.
  environment_lock_check_out_of_order = 2,
} environment_lock_check;

/// Records, for the calling thread, that it takes `lock`, of `rank` in the library's lock order
/// (checked builds only).
environment_lock_check environment_lock_acquiring(const void *_Nonnull lock, unsigned rank);

/// Records, for the calling thread, that it released `lock` (checked builds only); false if
/// `lock` was not the innermost lock the thread held (locks are released in LIFO order).
bool environment_lock_released(const void *_Nonnull lock);

/// How many locks of the library the calling thread holds (checked builds only).
unsigned environment_locks_held(void);

/// Reports a failed internal check (checked builds): while the calling thread observes failures
/// (`environment_check_failures_observe`, tests that break an invariant on purpose), counts it
/// and keeps the first `message`, a string that lives for the whole program; otherwise prints it and stops
/// the process. In C so that every module of the library reports the same way (`Box`, in
/// `DependencyValues`, checks that no value is released under a lock).
void environment_check_failed(const char *_Nonnull message);

/// Starts (true) or stops (false) observing failed checks on the calling thread, clearing the
/// failures observed so far.
void environment_check_failures_observe(bool observe);

/// The number of failed checks observed on the calling thread; `first` receives the message of
/// the first one (NULL if none).
unsigned environment_check_failures(const char *_Nullable *_Nonnull first);

#endif
