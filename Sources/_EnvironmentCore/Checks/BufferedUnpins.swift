import _EnvironmentAtomics

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
  /// The explorer's scheduler runs one logical thread at a time; only those threads buffer
  /// unpins and flush the buffer.
  @usableFromInline
  package enum BufferedUnpins {
    /// The records whose unpin is buffered. `nonisolated(unsafe)`: touched only by threads with
    /// `buffersUnpins` set, which the explorer runs one at a time (its semaphores order them).
    nonisolated(unsafe) private static var records: [UnsafeMutablePointer<environment_reader>] = []

    /// Whether the calling thread's unpins are modeled as buffered.
    @usableFromInline
    static var isModeled: Bool {
      guard let context = environment_context_load() else { return false }
      return Unretained<ThreadContext>(opaque: context, keptAliveBy: .thread).with {
        $0.buffersUnpins
      }
    }

    /// `Reclamation.unpin`, with the load of `newest` passing the store of 0.
    @usableFromInline
    static func unpin(_ reader: UnsafeMutablePointer<environment_reader>) {
      InternalCheck.require(environment_is_pinned(), "a buffered unpin unpins a pinned record")
      let pinnedAt = reader.pointee.pin
      let newest = environment_retired_newest_load()
      records.append(reader)
      Interleaving.point(.unpinned)
      if let index = records.firstIndex(of: reader) {
        records.remove(at: index)
        _ = environment_unpin(reader)
      }
      if pinnedAt <= newest { Reclamation.collectAfterUnpin() }
    }

    /// Stores every buffered unpin, when a thread that buffers unpins flushes.
    static func flush() {
      guard isModeled else { return }
      let buffered = records
      records.removeAll()
      for reader in buffered { _ = environment_unpin(reader) }
    }
  }
#endif
