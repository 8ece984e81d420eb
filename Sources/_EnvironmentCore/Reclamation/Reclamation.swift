import _EnvironmentAtomics

/// Epoch-based reclamation of read tables: when a table is replaced, it is freed only once no
/// reader can still be looking at it, and nothing ever waits for that.
///
/// The rule: a reader pins its thread's record at the current epoch before it loads a node's
/// table pointer, and unpins it when done with the table (a few instructions later; no user code
/// runs, no lock is taken and nothing is waited for in between). A writer that replaced a table
/// *retires* it with the epoch current before its advance; the table may be freed once every
/// pinned record's epoch is greater than that. A reader pinned at a greater epoch began after
/// the replacement was visible, so it cannot have loaded the old pointer.
///
/// Who frees a retired table (Design.md, "Why every retired table is freed, and when"):
/// - the retiring thread, at once, when no record is pinned at or before its epoch;
/// - otherwise it is queued, and the first pass that finds it safe frees it: a pass runs after
///   every retirement, at every first read and node release, and when a reader that was pinned
///   at or before the newest queued epoch unpins. So a queued table is freed at the latest when
///   the last reader that held it back unpins: replaced values are released within one pinned
///   section of the slowest reader, also after writes stop.
///
/// On Linux an unpin is a release store, no barrier, so a reader's load of the newest queued
/// epoch may pass it: a pass after a queuing or an unpin that sees a reader pinned at or before a
/// queued table flushes the other threads' stores (`environment_flush_unpins`) and looks again.
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
  /// A retired table and the epoch at which it was retired.
  private struct Retired {
    let table: ReadTable
    let epoch: UInt64
  }

  /// Tables retired and not freed yet. A leaf lock, never held while a table is freed.
  /// `nonisolated(unsafe)`: immutable reference; the list is only touched under its lock.
  nonisolated(unsafe) private static let retired = LockedValue<[Retired]>.make([])

  /// Frees `table` once no reader can be using it: at once when no reader is pinned at an epoch
  /// up to the current one, otherwise later, by whichever thread's pass next finds it safe.
  /// Never waits. Called with no lock of the library held (a free runs `deinit`s), never while
  /// pinned.
  static func retire(_ table: ReadTable) {
    InternalCheck.require(!environment_is_pinned(), "a table is retired while pinned")
    assertNoLibraryLockHeld("a table is retired")
    let epoch = environment_epoch_advance()
    Interleaving.point(.retireAdvanced)
    if environment_oldest_pin() > epoch {
      table.destroy()
      collect()
    } else {
      retired.withLock {
        $0.append(Retired(table: table, epoch: epoch))
        environment_retired_count_store(UInt64($0.count))
        // Before the scan below: a reader that this scan sees pinned sees this epoch when it
        // unpins, and makes a pass itself.
        environment_retired_newest_raise(epoch)
      }
      Interleaving.point(.retireQueued)
      reclaim(flushing: true)
    }
  }

  /// Frees the queued tables that no reader can be using any more, if any are queued; never
  /// waits. One atomic load when none is.
  static func collect() {
    if environment_retired_count_load() != 0, !environment_is_pinned() { reclaim(flushing: false) }
  }

  /// Unpins `reader`, then, if the thread was pinned at or before the newest queued retirement,
  /// makes a pass: it may be the last reader holding a queued table back.
  @inlinable @inline(__always)
  package static func unpin(_ reader: UnsafeMutablePointer<environment_reader>) {
    #if ENVIRONMENT_INTERNAL_CHECKS
      if BufferedUnpins.isModeled { return BufferedUnpins.unpin(reader) }
    #endif
    let pinnedAt = environment_unpin(reader)
    Interleaving.point(.unpinned)
    if pinnedAt <= environment_retired_newest_load() { collectAfterUnpin() }
  }

  /// A pass, out of line for `unpin`'s callers (the read fast path).
  @usableFromInline @inline(never)
  static func collectAfterUnpin() {
    #if ENVIRONMENT_INTERNAL_CHECKS
      if InjectedFaults.isInjected(.unpinsWithoutPass) { return }
    #endif
    // Not gated on the queued count, which this thread may not see yet: it saw the epoch of a
    // queued retirement, and the pass's lock shows it the queue.
    if !environment_is_pinned() { reclaim(flushing: true) }
  }

  /// Takes out of the queue every table retired before both the epoch (read first) and the
  /// oldest pin, then frees them, with no lock held.
  ///
  /// `flushing`: the pass that follows a queuing, and a reader's pass after its unpin (the
  /// passes that every queued table's release rests on, Design.md "Why every retired table is
  /// freed, and when") flush when they see a record pinned at or before a queued epoch. The other
  /// passes (at first reads and node releases) do not: they only free earlier, and a reader
  /// descheduled while pinned would otherwise cost each of them a system call.
  ///
  /// A table retired at `e` may be freed once the epoch has passed `e` and no record is pinned at
  /// `e` or before. The epoch is read before the records are scanned: a table retired after the
  /// scan began has an epoch at or after that reading, and is left for a later pass (its reader
  /// may have pinned after the scan looked at its record).
  private static func reclaim(flushing: Bool) {
    assertNoLibraryLockHeld("a pass is about to free tables")
    let horizon = environment_epoch_load()
    var oldestPin = environment_oldest_pin()
    if flushing, oldestPin <= environment_retired_newest_load(), !skipsFlush {
      Interleaving.point(.passSawPinned)
      // A record seen pinned at or before a queued epoch may have unpinned with a store this
      // thread does not see yet, after loading a `newest` older than the table's (an unpin is
      // no full barrier). After the flush, every record still seen pinned was pinned when its
      // thread's barrier ran, so its unpin sees the table's epoch and makes a pass of its own.
      if retired.withLock({ $0.contains { $0.epoch >= oldestPin } }) {
        flushUnpins()
        oldestPin = environment_oldest_pin()
      }
    }
    let bound = min(horizon, oldestPin)
    Interleaving.point(.reclaimScanned)
    let freeable = retired.withLock { retired -> [ReadTable] in
      checkInvariants(retired)
      var freeable: [ReadTable] = []
      retired.removeAll { entry in
        guard entry.epoch < bound else { return false }
        freeable.append(entry.table)
        return true
      }
      environment_retired_count_store(UInt64(retired.count))
      return freeable
    }
    for table in freeable {
      Interleaving.point(.reclaimFreeing)
      table.destroy()
    }
  }

  /// Makes the stores of other threads' unpins visible to this thread's scans (see
  /// `environment_flush_unpins`); in checked builds, those of the interleaving explorer's
  /// modeled unpins too.
  static func flushUnpins() {
    #if ENVIRONMENT_INTERNAL_CHECKS
      BufferedUnpins.flush()
    #endif
    environment_flush_unpins()
  }

  /// Whether this thread's passes leave out the flush (a fault injected in checked builds).
  private static var skipsFlush: Bool {
    #if ENVIRONMENT_INTERNAL_CHECKS
      return InjectedFaults.isInjected(.passesWithoutFlush)
    #else
      return false
    #endif
  }

  /// How many tables are queued: for tests of the bound on queued tables.
  package static var queuedCount: Int { retired.withLock { $0.count } }

  /// Checks, in checked builds, the queue (under its lock): every table was retired at an epoch
  /// the global epoch has passed and no later than the newest queued epoch readers compare with,
  /// and the count readers look at is the queue's.
  private static func checkInvariants(_ retired: [Retired]) {
    #if ENVIRONMENT_INTERNAL_CHECKS
      let epoch = environment_epoch_load()
      let newest = environment_retired_newest_load()
      InternalCheck.require(
        retired.allSatisfy { $0.epoch < epoch && $0.epoch <= newest },
        "queued tables are retired at past epochs, no later than the newest queued epoch")
      InternalCheck.require(
        environment_retired_count_load() == UInt64(retired.count),
        "the queued count readers load is the queue's")
    #endif
  }
}
