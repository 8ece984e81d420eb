import _EnvironmentAtomics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Epoch-based reclamation of read tables: when a table is replaced, it is freed only once no
/// reader can still be looking at it.
///
/// The rule: a reader pins its thread's record at the current epoch before it loads a node's
/// table pointer, and unpins it when done with the table (a few instructions later; no user code
/// runs in between). A writer that replaced a table *retires* it with the epoch current after the
/// replacement; the table is freed once every pinned record's epoch is greater than that. A
/// reader pinned at a greater epoch began after the replacement was visible, so it cannot have
/// loaded the old pointer.
///
/// Reclamation runs on the retiring thread, right after the retirement, with no lock of the
/// library held: freeing a table releases values, whose `deinit` is user code.
///
/// Why this rather than a lock per node: with a node lock, two threads reading one environment
/// took 14.8 ns per read against 1.6 ns on separate environments (the lock's cache line bounced
/// between cores). Pinning writes only the reader's own record: the Benchmarks package's
/// "2 threads reading, one node" and "…, separate nodes" now measure the same.
enum Reclamation {
  /// A retired table and the epoch at which it was retired.
  private struct Retired {
    let table: ReadTable
    let epoch: UInt64
  }

  /// Tables retired and not freed yet. A leaf lock.
  /// `nonisolated(unsafe)`: immutable reference; the list is only touched under its lock.
  nonisolated(unsafe) private static let retired = LockedValue<[Retired]>.make([])

  /// Frees `table` once no reader can be using it: at once when no reader is pinned at an epoch
  /// up to the current one, otherwise as soon as the readers pinned then have unpinned (this call
  /// waits until they have). So the values a replaced table held are released before a write
  /// returns, and no retired table waits for a later write.
  static func retire(_ table: ReadTable) {
    assert(!environment_is_pinned(), "tables are retired outside pinned sections")
    let epoch = environment_epoch_advance()
    // The common case: nothing waits to be freed and no reader is pinned at this epoch or
    // before: free at once, without queuing.
    if environment_oldest_pin() > epoch, retired.withLock({ $0.isEmpty }) {
      table.destroy()
      return
    }
    retired.withLock {
      $0.append(Retired(table: table, epoch: epoch))
      environment_retired_count_store(UInt64($0.count))
    }
    drain()
  }

  /// Frees the retired tables, if any wait, as `retire` does (a node's release and a first read
  /// call it, in case a table was retired while they raced). One atomic load when none waits.
  static func collect() {
    if environment_retired_count_load() != 0 { drain() }
  }

  /// Frees retired tables until none is left, waiting for the readers pinned at or before their
  /// epochs.
  ///
  /// Terminates: a reader pinned at or before a retired table's epoch unpins after a few of its
  /// own instructions (a pinned section takes no lock, waits for nothing and runs no user code),
  /// and a reader that pins again pins at a later epoch, which does not hold the table back. The
  /// waiting thread is never pinned itself (asserted in `retire`). It yields first, then sleeps
  /// briefly, for a reader that was preempted while pinned.
  private static func drain() {
    var attempt = 0
    while reclaim() {
      attempt += 1
      if attempt < 64 {
        sched_yield()
      } else {
        usleep(20)
      }
    }
  }

  /// Frees every retired table no reader can be using; returns whether some remain.
  private static func reclaim() -> Bool {
    let oldestPin = environment_oldest_pin()
    let (freeable, remaining) = retired.withLock { retired -> ([Retired], Bool) in
      guard retired.contains(where: { $0.epoch < oldestPin }) else { return ([], !retired.isEmpty) }
      let freeable = retired.filter { $0.epoch < oldestPin }
      retired.removeAll { $0.epoch < oldestPin }
      environment_retired_count_store(UInt64(retired.count))
      return (freeable, !retired.isEmpty)
    }
    for entry in freeable { entry.table.destroy() }
    return remaining
  }
}
