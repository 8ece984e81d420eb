import _EnvironmentAtomics

/// The identities of the key paths whose reads are cached, kept for the rest of the process: a
/// read table's entry is found by a key path's identity, which no other key path may take while
/// the entry exists, and the entry holds no reference of its own to it.
///
/// A key path kept here has an identity no other key path ever gets (`KeptIdentity`: an unowned
/// reference, which keeps its memory but not the key path). Most key paths read are literals
/// (`\.apiClient`, a `@Dependency`'s, a dynamic member's), which the runtime makes once for the
/// process anyway: they are kept at their first read, and their entries cost nothing per request.
///
/// Bounded: at most `capacity` identities are kept; beyond them, a table's entry keeps its key
/// path's identity itself (`IdentityAnchor`, which costs an allocation and a weak reference per
/// entry). A key path made at run time is still deinitialized when its last user drops it,
/// releasing the arguments it captured (`\.tenants[tenant]`): the process keeps at most
/// `capacity` key paths' own allocations (a few hundred KB), however many it makes.
///
/// ```swift
/// KeptKeyPaths.keep(\Dependencies.apiClient)  // true: kept for the process
/// ```
enum KeptKeyPaths {
  /// The most key paths kept for the process.
  static let capacity = 4_096

  /// The identities of the kept key paths, open-addressed (linear probing, twice `capacity`
  /// slots, so that probes stay short), 0 in an empty slot. Looked up without a lock; a slot is
  /// written once, under `kept`'s lock, and never cleared: an identity found here is a kept key
  /// path's for the life of the process.
  /// One more word follows the slots: `isFull`.
  /// `nonisolated(unsafe)`: the pointer never changes; slots are read and written atomically.
  nonisolated(unsafe) private static let identities: UnsafeMutablePointer<UInt> = {
    let words = UnsafeMutablePointer<UInt>.allocate(capacity: slotCount + 1)
    words.initialize(repeating: 0, count: slotCount + 1)
    return words
  }()
  private static let slotCount = 2 * capacity

  /// 1 once `capacity` key paths are kept: the word after the slots, read and written
  /// atomically, which only ever goes from 0 to 1. `nonisolated(unsafe)`: the pointer never
  /// changes.
  nonisolated(unsafe) private static let isFull = identities + slotCount

  /// The kept identities, which keep their addresses from being reused.
  /// `nonisolated(unsafe)`: immutable reference; the array is only touched under its lock.
  nonisolated(unsafe) private static let kept = LockedValue<[KeptIdentity]>.make([])

  /// Whether `keyPath` is kept for the process, keeping it if there is room. Takes no lock once
  /// it is kept.
  static func keep(_ keyPath: AnyKeyPath) -> Bool {
    let identity = UInt(bitPattern: ObjectIdentifier(keyPath))
    if case .found = probe(for: identity) { return true }
    // Full for good: no lock to find that out.
    if environment_word_load(isFull) != 0 { return false }
    return kept.withLock { kept -> Bool in
      // Probed again under the lock, the only place slots are written.
      switch probe(for: identity) {
      case .found: return true
      case .empty(let slot):
        guard kept.count < capacity else {
          environment_word_store(isFull, 1)
          return false
        }
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
    // The read table's multiplicative hash: key paths made one after another have neighbouring
    // addresses, which a plain shift would put in one run of slots that every miss walks.
    var index = environment_table_slot(identity, mask)
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
