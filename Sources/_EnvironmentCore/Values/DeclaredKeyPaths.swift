import _EnvironmentAtomics

/// The identities of the key paths that `@Dependency` properties declare, kept for the rest of the
/// process, so that a read table's entry for one holds no reference of its own to it.
///
/// An entry found by a key path's identity must keep that identity from being taken by another
/// key path while the entry exists. For any key path it does so with an anchor
/// (`ReadTable.retainOwner`, `IdentityAnchor`), which lets a key path made at run time and dropped
/// be deinitialized.
/// But the key paths `@Dependency` properties declare are, in practice, literals, which the
/// runtime keeps for the life of the process anyway and which every request environment reads
/// first: an anchor per key per request of an object that every thread's requests share (its
/// reference counts) is a cache line the threads take from each other. A key path kept here has an
/// identity no other key path ever gets (`KeptIdentity`: an unowned reference, which keeps its
/// memory but not the key path), and its entries hold nothing.
///
/// Bounded: at most `capacity` identities are kept, and beyond that entries retain their key paths
/// as other reads' do. A key path made at run time is still deinitialized when its last user drops
/// it, releasing the arguments it captured (`\.tenants[tenant]`): the process keeps at most
/// `capacity` key paths' own allocations (a few hundred KB), however many it makes.
///
/// ```swift
/// DeclaredKeyPaths.keep(\Dependencies.apiClient)  // true: kept for the process
/// ```
enum DeclaredKeyPaths {
  /// The most key paths kept for the process.
  static let capacity = 4_096

  /// The identities of the kept key paths, open-addressed (linear probing, twice `capacity`
  /// slots, so that probes stay short), 0 in an empty slot. Looked up without a lock; a slot is
  /// written once, under `kept`'s lock, and never cleared: an identity found here is a kept key
  /// path's for the life of the process.
  /// `nonisolated(unsafe)`: the pointer never changes; slots are read and written atomically.
  nonisolated(unsafe) private static let identities: UnsafeMutablePointer<UInt> = {
    let slots = UnsafeMutablePointer<UInt>.allocate(capacity: slotCount)
    slots.initialize(repeating: 0, count: slotCount)
    return slots
  }()
  private static let slotCount = 2 * capacity

  /// The kept identities, which keep their addresses from being reused.
  /// `nonisolated(unsafe)`: immutable reference; the array is only touched under its lock.
  nonisolated(unsafe) private static let kept = LockedValue<[KeptIdentity]>.make([])

  /// Whether `keyPath` is kept for the process, keeping it if there is room. Takes no lock once
  /// it is kept.
  static func keep(_ keyPath: AnyKeyPath) -> Bool {
    let identity = UInt(bitPattern: ObjectIdentifier(keyPath))
    if case .found = probe(for: identity) { return true }
    return kept.withLock { kept -> Bool in
      // Probed again under the lock, the only place slots are written.
      switch probe(for: identity) {
      case .found: return true
      case .empty(let slot):
        guard kept.count < capacity else { return false }
        kept.append(KeptIdentity(keyPath))
        environment_word_store(slot, identity)
        InternalCheck.require(
          kept.count <= capacity, "the kept key paths fill at most half of the slots")
        return true
      }
    }
  }

  private enum Probe {
    case found
    case empty(UnsafeMutablePointer<UInt>)
  }

  /// The slot holding `identity`, or the empty slot where it would go (there always is one: at
  /// most half of the slots are used).
  private static func probe(for identity: UInt) -> Probe {
    let mask = UInt(slotCount - 1)
    // Objects are 16-byte aligned: the low bits carry nothing.
    var index = (identity >> 4) & mask
    while true {
      let slot = identities + Int(index)
      switch environment_word_load(slot) {
      case identity: return .found
      case 0: return .empty(slot)
      default: index = (index + 1) & mask
      }
    }
  }
}
