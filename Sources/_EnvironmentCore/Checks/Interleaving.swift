import _EnvironmentAtomics

/// The places where the core's threads interact through shared memory without a lock: the
/// points at which the deterministic scheduler of `Tests/CoreTests/Interleavings` may switch
/// threads. Each is outside every lock of the library (checked), so a thread suspended at one never
/// holds a lock another thread could need.
@usableFromInline
package enum InterleavingPoint: String, Sendable {
  /// A reader pinned its record, before it loads the node's table pointer.
  case pinned
  /// A reader copied a value out of a table, before it unpins.
  case copied
  /// A reader unpinned, before the pass its unpin may call for.
  case unpinned
  /// A retirement is about to scan the records (its table is unpublished).
  case retiring
  /// A retirement scanned the records, before it frees or queues its table.
  case retireScanned
  /// A retirement queued its table, before it marks the sections it waits for.
  case retireQueued
  /// A pass is about to free a table it took out of the queue.
  case reclaimFreeing
  /// A first read resolved its value, before it publishes it in the node's table.
  case resolved
  /// A write stored its value, before it invalidates the tree's caches.
  case wrote
}

/// Something that decides, at every interleaving point a thread reaches, which thread runs next:
/// the tests' scheduler, installed per thread (`ThreadContext.interleavingAgent`).
package protocol InterleavingAgent: AnyObject, Sendable {
  /// Called on the thread that reached `point`; returns when the thread may go on.
  func reached(_ point: InterleavingPoint)
}

/// Interleaving points: in checked builds, a thread with an agent hands control to it at each;
/// in optimized builds, nothing.
///
/// ```swift
/// Interleaving.point(.retireQueued)
/// ```
@usableFromInline
package enum Interleaving {
  @inlinable @inline(__always)
  package static func point(_ point: InterleavingPoint) {
    #if ENVIRONMENT_INTERNAL_CHECKS
      reach(point)
    #endif
  }

  #if ENVIRONMENT_INTERNAL_CHECKS
    @usableFromInline
    static func reach(_ point: InterleavingPoint) {
      // The thread's context, if it has one: taking one here would take the registry's lock,
      // and a pinned thread takes none.
      guard let agent = ThreadContext.withExisting({ $0.interleavingAgent }) ?? nil else { return }
      InternalCheck.require(
        environment_locks_held() == 0, "an interleaving point is reached under a library lock")
      agent.reached(point)
    }
  #endif
}

/// Bugs a checked build can inject on one thread, so that tests show that the harness or a
/// check catches each (`ThreadContext.injectedFaults`). None is ever injected in other builds.
package struct InjectedFaults: OptionSet, Sendable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// A first read caches its result even if the node was written since the read began (the
  /// write-count rule of `Node.publish` broken).
  package static let ignoresWriteCount = InjectedFaults(rawValue: 1)
  /// A reader that unpins makes no pass, even when it may be the last reader holding a queued
  /// table back (the reclamation rule of `Reclamation.unpin` broken).
  package static let unpinsWithoutPass = InjectedFaults(rawValue: 2)
  /// A retirement frees its table at once, even while a reader that may have loaded it is
  /// pinned (the safety rule of `Reclamation.retire` broken).
  package static let retiresWithoutWaiting = InjectedFaults(rawValue: 4)

  /// Whether `fault` is injected on the calling thread (which is given no context for it).
  @inline(__always)
  static func isInjected(_ fault: InjectedFaults) -> Bool {
    #if ENVIRONMENT_INTERNAL_CHECKS
      ThreadContext.withExisting { $0.injectedFaults.contains(fault) } ?? false
    #else
      false
    #endif
  }
}
