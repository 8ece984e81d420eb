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
    /// Whether a pass is freeing the table (after the lock). It stays listed until it is freed,
    /// so that a retirement waiting for it returns only once its values are released.
    var isBeingFreed = false
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
    // A pinned thread would wait for itself: it never retires (asserted above); in a release
    // build, its table is left to a later reclamation instead.
    guard !environment_is_pinned() else { return }
    waitForReaders(upTo: epoch)
  }

  /// Frees the retired tables that no reader can be using any more, if any wait, without waiting
  /// (a node's release and a first read call it, for tables left by a retirement that could not
  /// wait). One atomic load when none waits.
  static func collect() {
    if environment_retired_count_load() != 0, !environment_is_pinned() {
      _ = reclaim(waitingFor: 0)
    }
  }

  /// Frees retired tables until none retired at or before `epoch` is left, waiting for the readers
  /// pinned at or before it.
  ///
  /// Terminates: a reader pinned at or before `epoch` unpins after a few of its own instructions
  /// (a pinned section takes no lock, waits for nothing and runs no user code), and a reader that
  /// pins again pins at a later epoch, which does not hold these tables back; tables retired
  /// later are not waited for. It yields first, then sleeps briefly, for a reader that was
  /// preempted while pinned.
  private static func waitForReaders(upTo epoch: UInt64) {
    assertNoLibraryLockHeld("a retirement waits for readers")
    var attempt = 0
    while reclaim(waitingFor: epoch) {
      attempt += 1
      if attempt < 64 {
        sched_yield()
      } else {
        usleep(20)
      }
    }
  }

  /// Frees every retired table no reader can be using; returns whether a table retired at or
  /// before `epoch` remains.
  ///
  /// A table retired at `e` may be freed once the epoch has passed `e` and no record is pinned at
  /// `e` or before. The epoch is read before the records are scanned: a table retired after the
  /// scan began has an epoch at or after that reading, and is left for a later pass (its reader
  /// may have pinned after the scan looked at its record).
  private static func reclaim(waitingFor epoch: UInt64) -> Bool {
    let horizon = environment_epoch_load()
    let bound = min(horizon, environment_oldest_pin())
    let (freeable, remaining) = retired.withLock { retired -> ([ReadTable], Bool) in
      var freeable: [ReadTable] = []
      for index in retired.indices
      where retired[index].epoch < bound && !retired[index].isBeingFreed {
        retired[index].isBeingFreed = true
        freeable.append(retired[index].table)
      }
      checkInvariants(retired)
      return (freeable, retired.contains { $0.epoch <= epoch })
    }
    guard !freeable.isEmpty else { return remaining }
    for table in freeable { table.destroy() }
    return retired.withLock { retired in
      retired.removeAll { entry in freeable.contains { $0.pointer == entry.table.pointer } }
      environment_retired_count_store(UInt64(retired.count))
      return retired.contains { $0.epoch <= epoch }
    }
  }

  /// Checks, in checked builds, the retired list (under its lock): every table was retired at an
  /// epoch the global epoch has passed, and the count readers look at is the list's.
  private static func checkInvariants(_ retired: [Retired]) {
    #if ENVIRONMENT_INTERNAL_CHECKS
      let epoch = environment_epoch_load()
      precondition(retired.allSatisfy { $0.epoch < epoch }, "tables are retired at past epochs")
      precondition(environment_retired_count_load() == UInt64(retired.count))
    #endif
  }
}
