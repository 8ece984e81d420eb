import _EnvironmentAtomics

#if canImport(Darwin)
  import Darwin
#endif

#if ENVIRONMENT_INTERNAL_CHECKS
  /// The interleaving explorer's model of an unpin that is no full barrier
  /// (`environment_unpin` where the process can flush): the thread's load of
  /// `environment_retired_newest` may pass its store of 0, so that until the store reaches
  /// memory, other threads' scans see the record pinned while the thread has already looked at
  /// `newest`. A thread whose context has `buffersUnpins` makes that load first, then reaches the
  /// `unpinned` interleaving point with its store buffered, then stores. A flush
  /// (`Reclamation.flushUnpins`, another thread's `membarrier`) stores every buffered unpin at
  /// once, as the barrier it runs on each thread does.
  ///
  /// The buffer is under a lock of its own, outside the library's lock order (it is taken while
  /// pinned, and only in checked builds): after a failed run the explorer lets the remaining
  /// threads run freely, and a drain must not store 0 over a pin its owner made after finding
  /// its unpin already stored.
  @usableFromInline
  package enum BufferedUnpins {
    /// The records whose unpin is buffered, under `lock`. `nonisolated(unsafe)`: see `lock`.
    nonisolated(unsafe) private static var records: [UnsafeMutablePointer<environment_reader>] = []
    /// `nonisolated(unsafe)`: set once, then only locked and unlocked.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<PlatformLock> = {
      let lock = UnsafeMutablePointer<PlatformLock>.allocate(capacity: 1)
      lock.initialize(to: PlatformLockOperations.unlocked)
      return lock
    }()

    private static func withLock<Result>(_ body: () -> Result) -> Result {
      #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
      #else
        environment_lock(lock)
        defer { environment_unlock(lock) }
      #endif
      return body()
    }

    /// Whether the calling thread's unpins are modeled as buffered.
    @usableFromInline
    static var isModeled: Bool {
      ThreadContext.withExisting { $0.buffersUnpins } ?? false
    }

    /// `Reclamation.unpin`, with the load of `newest` passing the store of 0.
    @usableFromInline
    static func unpin(_ reader: UnsafeMutablePointer<environment_reader>) {
      InternalCheck.require(environment_is_pinned(), "a buffered unpin unpins a pinned record")
      let pinnedAt = reader.pointee.pin
      let newest = environment_retired_newest_load()
      withLock { records.append(reader) }
      Interleaving.point(.unpinned)
      withLock {
        if let index = records.firstIndex(of: reader) {
          records.remove(at: index)
          _ = environment_unpin(reader)
        }
      }
      if pinnedAt <= newest { Reclamation.collectAfterUnpin() }
    }

    /// Stores every buffered unpin: what a flush does to every thread's store buffer.
    static func flush() {
      withLock {
        for reader in records { _ = environment_unpin(reader) }
        records.removeAll()
      }
    }
  }
#endif
