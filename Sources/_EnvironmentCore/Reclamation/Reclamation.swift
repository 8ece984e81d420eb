import _EnvironmentAtomics

/// When a replaced read table is freed: once no reader can still be looking at it, and nothing
/// ever waits for that.
///
/// The rule (Design.md, "Reclamation"): a reader pins its thread's record for the few
/// instructions of a cache lookup (no user code runs, no lock is taken in between). A writer that
/// replaced a table *retires* it: it scans the records for sections pinned then; with none, it
/// frees the table at once (the common case); otherwise it queues the table with those sections,
/// marks each of them, and the table is freed by the pass that finds all of them ended, which the
/// last of them to unpin makes (a marked section's unpin makes a pass). So a replaced value is
/// released within one pinned section of the slowest reader, also after writes stop.
///
/// What it costs: a reader writes only its own record's cache line, with two exchanges; a
/// retirement loads the state of each live thread's record (threads alive that ever read, not
/// every thread that ever did) and writes nothing shared unless it finds a reader pinned. No
/// system call (but the queue's lock, contended), no global epoch, no thread interrupts another.
///
/// Nothing waits: a pass frees what is safe and returns. A pass takes the tables it frees out of
/// the queue (under its lock) before it frees them with no lock held, so a `deinit` run by a free
/// may retire, pass, read, write or release environments, nested to any depth: an inner pass sees
/// only what is still queued, and no table is freed twice.
///
/// Why this rather than a lock per node: with a node lock, two threads reading one environment
/// took 14.8 ns per read against 1.6 ns on separate environments (the lock's cache line bounced
/// between cores). Pinning writes only the reader's own record: the Benchmarks package's
/// "2 threads reading, one node" and "…, separate nodes" measure the same.
@usableFromInline
package enum Reclamation {
  /// A retired table and the pinned sections it waits for.
  private struct Retired {
    let table: ReadTable
    let holds: [environment_hold]
  }

  /// Tables retired and not freed yet, under `environment_retired_lock` (a C mutex, so that
  /// `fork()` takes it across; a leaf, never held while a table is freed).
  /// `nonisolated(unsafe)`: only touched under that lock.
  nonisolated(unsafe) private static var retired: [Retired] = []

  /// Frees `table` once no reader can be using it: at once when no record is pinned, otherwise
  /// when the last section pinned now ends. Never waits. Called with no lock of the library held
  /// (a free runs `deinit`s), never while pinned. The table is unpublished already (its node's
  /// pointer stored, sequentially consistent, before this call).
  static func retire(_ table: ReadTable) {
    InternalCheck.require(!environment_is_pinned(), "a table is retired while pinned")
    assertNoLibraryLockHeld("a table is retired")
    Interleaving.point(.retiring)
    let holds = pinnedSections()
    Interleaving.point(.retireScanned)
    guard !holds.isEmpty, !InjectedFaults.isInjected(.retiresWithoutWaiting) else {
      InternalCheck.require(
        holds.allSatisfy(environment_hold_ended),
        "a table is freed while a section that may have loaded it is pinned")
      DeferredRelease.destroy(table)
      // A queue left by readers that can no longer unpin (a fork's child) empties here.
      if environment_retired_count_load() != 0 { reclaim() }
      return
    }
    withQueue { retired in
      retired.append(Retired(table: table, holds: holds))
      environment_retired_count_store(UInt64(retired.count))
    }
    Interleaving.point(.retireQueued)
    // After queuing: a section marked while still pinned makes a pass when it unpins, and that
    // pass sees the table queued (it synchronizes with the mark). A section that ended before
    // its mark is seen ended by the pass below.
    for hold in holds { _ = environment_hold_mark(hold) }
    reclaim()
  }

  /// The sections pinned now; no allocation when there is none.
  private static func pinnedSections() -> [environment_hold] {
    var capacity = 4
    while true {
      let (count, found) = withUnsafeTemporaryAllocation(
        of: environment_hold.self, capacity: capacity
      ) { buffer -> (Int, [environment_hold]) in
        let count = Int(environment_pinned_sections(buffer.baseAddress!, UInt(capacity)))
        guard count > 0, count <= capacity else { return (count, []) }
        return (count, Array(buffer.prefix(count)))
      }
      // More pinned than there was room for: scan again (any scan after the table was
      // unpublished is as good as the first).
      if count <= capacity { return found }
      capacity = count * 2
    }
  }

  /// `box`, in a table that `reader`'s pin keeps from being freed, retained; then unpins: how a
  /// box leaves a pinned section. Runs no user code (a retain).
  static func retain(
    _ box: UnsafeMutableRawPointer, unpinning reader: UnsafeMutablePointer<environment_reader>
  ) -> AnyObject {
    let object = Unretained<AnyObject>(opaque: box, keptAliveBy: .pinnedTable).object
    Interleaving.point(.copied)
    unpin(reader)
    return object
  }

  /// Makes a pass if the calling thread's unpin found its section marked: it may be the last
  /// reader holding a queued table back.
  @inlinable @inline(__always)
  package static func unpin(_ reader: UnsafeMutablePointer<environment_reader>) {
    let held = environment_unpin(reader)
    Interleaving.point(.unpinned)
    if held { passAfterUnpin() }
  }

  /// A pass, out of line for `unpin`'s callers (the read fast path).
  @usableFromInline @inline(never)
  static func passAfterUnpin() {
    if InjectedFaults.isInjected(.unpinsWithoutPass) { return }
    reclaim()
  }

  /// Takes out of the queue every table whose sections have all ended, then frees them, with no
  /// lock held.
  private static func reclaim() {
    assertNoLibraryLockHeld("a pass is about to free tables")
    let freeable = withQueue { retired -> [ReadTable] in
      var freeable: [ReadTable] = []
      retired.removeAll { entry in
        guard entry.holds.allSatisfy(environment_hold_ended) else { return false }
        freeable.append(entry.table)
        return true
      }
      environment_retired_count_store(UInt64(retired.count))
      return freeable
    }
    for table in freeable {
      Interleaving.point(.reclaimFreeing)
      DeferredRelease.destroy(table)
    }
  }

  /// Runs `body` on the queue under its lock.
  private static func withQueue<Result>(_ body: (inout [Retired]) -> Result) -> Result {
    #if ENVIRONMENT_INTERNAL_CHECKS
      PlatformLockOperations.checkAcquiring(environment_retired_lock_address(), rank: .leaf)
    #endif
    environment_retired_lock()
    defer {
      environment_retired_unlock()
      #if ENVIRONMENT_INTERNAL_CHECKS
        PlatformLockOperations.checkReleased(environment_retired_lock_address())
      #endif
    }
    checkInvariants(retired)
    return body(&retired)
  }

  /// How many tables are queued: for tests of the bound on queued tables.
  package static var queuedCount: Int { withQueue { $0.count } }

  /// Checks, in checked builds, the queue (under its lock): every table waits for at least one
  /// section, and the count readers look at is the queue's.
  private static func checkInvariants(_ retired: [Retired]) {
    #if ENVIRONMENT_INTERNAL_CHECKS
      InternalCheck.require(
        retired.allSatisfy { !$0.holds.isEmpty }, "a queued table waits for a pinned section")
      InternalCheck.require(
        environment_retired_count_load() == UInt64(retired.count),
        "the queued count is the queue's")
    #endif
  }
}
