import _EnvironmentAtomics

/// A node's cache of resolved values (an `environment_table`): key-path reads by the key path's
/// identity, and resolved keys by the key type's identity, all valid at one generation of one
/// tree.
///
/// Readers look entries up without a lock, pinned (see `Reclamation`). Writers (who hold the
/// node's lock) add an entry to an empty slot in place, or replace the table with a larger copy
/// or, at a new generation, a fresh table, and retire the old one. Published entries never change,
/// so a reader sees either no entry or a complete one.
///
/// A table owns a retain of each box it holds and, for a key path's entry, an `IdentityAnchor`
/// (see `retainOwner`), in a side array that readers never touch. Its tree (which owns the generation counter the table points to) is not
/// retained: a reader holds the table's node, which keeps every tree it belonged to alive (the
/// lifetime rule in `Tree`), and a retired table is freed without looking at its tree.
@usableFromInline
struct ReadTable {
  @usableFromInline let pointer: UnsafeMutablePointer<environment_table>

  @usableFromInline init(_ pointer: UnsafeMutablePointer<environment_table>) {
    self.pointer = pointer
  }

  /// The table of a node that has cached nothing: never current, never freed.
  /// `nonisolated(unsafe)`: the sentinel is never written.
  nonisolated(unsafe) static let empty = ReadTable(environment_empty_table_pointer())

  var isEmptySentinel: Bool { pointer == Self.empty.pointer }

  /// A new table for `generation` of `tree` with room for `capacity` entries (a power of two).
  static func make(tree: Tree, generation: UInt64, capacity: Int) -> ReadTable {
    assert(capacity > 0 && capacity & (capacity - 1) == 0, "capacity is a power of two")
    // The entries, then the side array of anchors (one word per slot).
    let slotBytes =
      MemoryLayout<environment_table_entry>.stride
      + MemoryLayout<UnsafeMutableRawPointer?>.stride
    let bytes = MemoryLayout<environment_table>.size + capacity * slotBytes
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: bytes, alignment: MemoryLayout<environment_table>.alignment)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    let pointer = raw.bindMemory(to: environment_table.self, capacity: 1)
    pointer.pointee.generation_counter = UnsafePointer(tree.generationCounter)
    pointer.pointee.generation = generation
    pointer.pointee.mask = UInt32(capacity - 1)
    return ReadTable(pointer)
  }

  var generation: UInt64 { pointer.pointee.generation }
  var capacity: Int { Int(pointer.pointee.mask) + 1 }
  var count: Int { Int(pointer.pointee.count) }

  /// Whether the table was made for `tree` (by identity).
  func belongs(to tree: Tree) -> Bool {
    pointer.pointee.generation_counter == UnsafePointer(tree.generationCounter)
  }

  private var entries: UnsafeMutablePointer<environment_table_entry> {
    environment_table_entries(pointer)
  }

  /// The anchor of each slot's entry (`nil`: a key memo, or a key path the process keeps),
  /// retained; after the entries, touched only under the node's lock and when the table is freed.
  private var anchors: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
    UnsafeMutableRawPointer(entries + capacity).assumingMemoryBound(
      to: UnsafeMutableRawPointer?.self)
  }

  /// The box cached for `identity`, if the table is current. The caller is pinned.
  @inlinable @inline(__always)
  func box(for identity: ObjectIdentifier) -> UnsafeMutableRawPointer? {
    environment_table_lookup(pointer, UInt(bitPattern: identity))
  }

  /// Whether the table holds an entry for `identity` (an `ObjectIdentifier`'s bits), current or
  /// not. Under the node's lock.
  func contains(_ identity: UInt) -> Bool { slot(for: identity).pointee.identity == identity }

  /// Whether one more entry fits: tables of up to 4 slots fill up (a lookup probes at most 4
  /// slots), larger ones up to three quarters, so that a lookup probes few slots whatever the
  /// number of entries.
  var hasRoom: Bool { count < Self.limit(ofCapacity: capacity) }

  private static func limit(ofCapacity capacity: Int) -> Int {
    capacity <= 4 ? capacity : capacity - capacity / 4
  }

  /// An anchor of `owner` for an entry, retained (see `IdentityAnchor`): the object's memory,
  /// and with it the identity the entry is found by, is not reused while the entry exists, but
  /// the object itself is released by its last user: a key path made at run time and dropped
  /// after its read is deinitialized at once, and its entry, which no read can find again, is
  /// dropped the next time the table is rebuilt (`withRoom`). So the number of entries stays
  /// bounded by the key paths alive and the key types, however many key paths are made.
  static func retainOwner(_ owner: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(IdentityAnchor(owner)).toOpaque()
  }

  /// Releases an anchor that `retainOwner` made and no table took.
  static func releaseOwner(_ anchor: UnsafeMutableRawPointer) {
    Unmanaged<IdentityAnchor>.fromOpaque(anchor).release()
  }

  /// Adds an entry for `identity` (an `ObjectIdentifier`'s bits), taking over a retain of `box`
  /// and of `owner`, an anchor made by `retainOwner`. Under the node's lock; the table has room
  /// and no entry for `identity`.
  func insert(_ identity: UInt, box: UnsafeMutableRawPointer, owner: UnsafeMutableRawPointer?) {
    InternalCheck.require(
      hasRoom && slot(for: identity).pointee.identity == 0, "an entry is inserted once, with room")
    InternalCheck.require(
      owner.map { Self.anchor($0).identity == identity } ?? true,
      "an entry is anchored by its identity")
    let slot = slot(for: identity)
    anchors[slot - entries] = owner
    environment_table_publish(slot, identity, box)
    pointer.pointee.count += 1
    checkInvariants()
  }

  private static func anchor(_ pointer: UnsafeMutableRawPointer) -> IdentityAnchor {
    Unmanaged<IdentityAnchor>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Checks, in checked builds, what the table promises: a capacity that is a power of two,
  /// `count` entries that each hold a box, within the load limit, and for a key path's entry the
  /// key path object itself as the owner that keeps its identity from being reused.
  func checkInvariants() {
    #if ENVIRONMENT_INTERNAL_CHECKS
      InternalCheck.require(capacity & (capacity - 1) == 0, "a table's capacity is a power of two")
      var used = 0
      for index in 0..<capacity where entries[index].identity != 0 {
        used += 1
        InternalCheck.require(entries[index].boxPointer != nil, "a table's entry holds a box")
      }
      InternalCheck.require(
        used == count && count <= Self.limit(ofCapacity: capacity),
        "a table's count is its number of entries, within the load limit")
    #endif
  }

  /// A table with room for one more entry, to replace this full one, with every entry that can
  /// still be read: the entries without an anchor (key memos, one per key type, and the key paths
  /// the process keeps, see `KeptKeyPaths`: both bounded) and the anchored key paths still alive.
  /// Entries of key paths that were deinitialized (made at run time and dropped) are left out: no
  /// read can present their identity again. Its capacity
  /// leaves room for at least as many entries as it keeps, so rebuilding costs O(1) per insert.
  /// The entries kept are retained again; the caller retires this table.
  func withRoom(tree: Tree) -> ReadTable {
    InternalCheck.require(!hasRoom, "only a full table is replaced to make room")
    // Two passes over the entries rather than a list of those kept: a rebuild allocates only the
    // new table (a per-request environment's third read rebuilds its table).
    func isKept(_ index: Int) -> Bool {
      guard entries[index].identity != 0 else { return false }
      guard let anchor = anchors[index] else { return true }
      return Self.anchor(anchor).isAlive
    }
    var kept = 0
    for index in 0..<capacity where isKept(index) { kept += 1 }
    var newCapacity = 2
    while Self.limit(ofCapacity: newCapacity) < max(1, kept * 2) { newCapacity *= 2 }
    let copy = ReadTable.make(tree: tree, generation: generation, capacity: newCapacity)
    for index in 0..<capacity where isKept(index) {
      let entry = entries[index]
      guard let box = entry.boxPointer else { continue }
      _ = Unmanaged<AnyObject>.fromOpaque(box).retain()
      if let anchor = anchors[index] { _ = Unmanaged<IdentityAnchor>.fromOpaque(anchor).retain() }
      copy.insert(entry.identity, box: box, owner: anchors[index])
    }
    InternalCheck.require(copy.hasRoom, "a rebuilt table has room for the entry that did not fit")
    return copy
  }

  /// The slot that holds `identity`, or the empty slot where it would go.
  private func slot(for key: UInt) -> UnsafeMutablePointer<environment_table_entry> {
    let mask = UInt(pointer.pointee.mask)
    var index = environment_table_slot(key, mask)
    for _ in 0..<capacity {
      let candidate = entries[Int(index)].identity
      if candidate == key || candidate == 0 { break }
      index = (index + 1) & mask
    }
    return entries + Int(index)
  }

  /// Releases everything the table holds and frees it. No reader may be using it (see
  /// `Reclamation`); values' `deinit`s run here, so no lock of the library may be held.
  func destroy() {
    assert(!isEmptySentinel, "the empty table is never freed")
    assertNoLibraryLockHeld("a table's values are about to be released")
    checkInvariants()
    for index in 0..<capacity where entries[index].identity != 0 {
      if let box = entries[index].boxPointer { Unmanaged<AnyObject>.fromOpaque(box).release() }
      if let anchor = anchors[index] { Self.releaseOwner(anchor) }
    }
    UnsafeMutableRawPointer(pointer).deallocate()
  }
}

extension environment_table_entry {
  /// The entry's box.
  var boxPointer: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: box) }
}
