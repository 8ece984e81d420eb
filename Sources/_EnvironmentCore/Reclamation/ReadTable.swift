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
/// A table owns a retain of each box and key path it holds. Its tree (which owns the generation
/// counter the table points to) is not retained: a reader holds the table's node, which keeps every
/// tree it belonged to alive (the lifetime rule in `Tree`), and a retired table is freed without
/// looking at its tree.
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
    let bytes =
      MemoryLayout<environment_table>.size + capacity
      * MemoryLayout<environment_table_entry>.stride
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: bytes, alignment: MemoryLayout<environment_table>.alignment)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    let pointer = raw.bindMemory(to: environment_table.self, capacity: 1)
    pointer.pointee.generation_counter = UnsafePointer(tree.generationCounter)
    pointer.pointee.generation = generation
    pointer.pointee.mask = UInt32(capacity - 1)
    pointer.pointee.count = 0
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

  /// The box cached for `identity`, if the table is current. The caller is pinned.
  @inlinable @inline(__always)
  func box(for identity: ObjectIdentifier) -> UnsafeMutableRawPointer? {
    environment_table_lookup(pointer, UInt(bitPattern: identity))
  }

  /// Whether the table holds an entry for `identity`, current or not. Under the node's lock.
  func contains(_ identity: ObjectIdentifier) -> Bool {
    slot(for: UInt(bitPattern: identity)).pointee.identity == UInt(bitPattern: identity)
  }

  /// Whether one more entry fits.
  var hasRoom: Bool { count < capacity }

  /// Adds an entry, taking over a retain of `box` and of `owner`. Under the node's lock; the
  /// table has room and no entry for `identity`.
  func insert(
    _ identity: ObjectIdentifier, box: UnsafeMutableRawPointer, owner: UnsafeMutableRawPointer?
  ) {
    insert(UInt(bitPattern: identity), box: box, owner: owner)
  }

  private func insert(
    _ identity: UInt, box: UnsafeMutableRawPointer, owner: UnsafeMutableRawPointer?
  ) {
    assert(hasRoom && slot(for: identity).pointee.identity == 0, "insert once, with room")
    environment_table_publish(slot(for: identity), identity, box, owner)
    pointer.pointee.count += 1
    checkInvariants()
  }

  /// Checks, in checked builds, what the table promises: a capacity that is a power of two,
  /// `count` entries that each hold a box, and for a key path's entry the key
  /// path object itself as the owner that keeps its identity from being reused.
  func checkInvariants() {
    #if ENVIRONMENT_INTERNAL_CHECKS
      precondition(capacity & (capacity - 1) == 0, "the capacity is a power of two")
      var used = 0
      for index in 0..<capacity where entries[index].identity != 0 {
        let entry = entries[index]
        used += 1
        precondition(entry.box != nil, "an entry holds a box")
        if let owner = entry.owner {
          precondition(UInt(bitPattern: owner) == entry.identity, "an owner is its identity")
        }
      }
      precondition(used == count, "count is the number of entries")
    #endif
  }

  /// The most entries a table holds for key paths. A node caches one entry per key path read at
  /// it and one per key resolved through it; key paths made at run time (`\.[flag: name]`,
  /// `appending(path:)`) are new objects at each read, so without a bound a long-lived node would
  /// grow with the number of reads. Key memos are never dropped: there is one per key type, which
  /// the program bounds, and a node that many keys resolve through keeps them all.
  static let maximumCapacity = 64

  /// A table with room for one more entry, to replace this full one: twice the capacity with
  /// every entry, or, at `maximumCapacity` when key paths fill at least half of it, the same
  /// capacity with only the key memos (entries without an owner). The entries kept are retained
  /// again; the caller retires this table.
  func withRoom(tree: Tree) -> ReadTable {
    assert(!hasRoom, "only a full table is replaced to make room")
    var memos = 0
    for index in 0..<capacity where entries[index].identity != 0 && entries[index].owner == nil {
      memos += 1
    }
    let keepsAll = capacity < Self.maximumCapacity || memos * 2 >= capacity
    let copy = ReadTable.make(
      tree: tree, generation: generation, capacity: keepsAll ? capacity * 2 : capacity)
    for index in 0..<capacity {
      let entry = entries[index]
      guard entry.identity != 0, let box = entry.box, keepsAll || entry.owner == nil else {
        continue
      }
      _ = Unmanaged<AnyObject>.fromOpaque(box).retain()
      if let owner = entry.owner { _ = Unmanaged<AnyObject>.fromOpaque(owner).retain() }
      copy.insert(entry.identity, box: box, owner: entry.owner)
    }
    assert(copy.hasRoom, "the replacement has room for the entry that did not fit")
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
    for index in 0..<capacity {
      let entry = entries[index]
      guard entry.identity != 0 else { continue }
      if let box = entry.box { Unmanaged<AnyObject>.fromOpaque(box).release() }
      if let owner = entry.owner { Unmanaged<AnyObject>.fromOpaque(owner).release() }
    }
    UnsafeMutableRawPointer(pointer).deallocate()
  }
}
