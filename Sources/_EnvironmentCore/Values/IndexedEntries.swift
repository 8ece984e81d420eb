/// Entries with distinct identities, in the order they were added, found by identity: by a
/// linear search while there are at most `linearLimit` of them, through a hash index of their
/// positions beyond. A node's values (`LocalValues`) and a tree's defaults (`Defaults`).
///
/// Most nodes hold zero to two values, and comparing a few identities is cheaper than hashing
/// one: the usual case costs one small array and no index. Apps generated from schemas, feature
/// flags as keys and plugin hosts have thousands of keys; the index keeps what finding one costs,
/// under the owner's lock, from growing with them (a linear search made a write, and a
/// re-resolve after one, cost in proportion to the keys).
///
/// ```swift
/// var entries = IndexedEntries<LocalValue>()
/// entries.append(value)
/// let position = entries.position(of: value.id)  // 0
/// ```
struct IndexedEntries<Entry: Identifiable> {
  /// Every entry, in the order they were added.
  private(set) var all: [Entry] = []
  /// The position in `all` of each entry's identity, while `all` holds more than `linearLimit`
  /// entries; `nil` otherwise.
  private var positions: [Entry.ID: Int]?

  /// The most entries searched linearly.
  static var linearLimit: Int { 16 }

  /// The position of the entry identified by `id`, if any.
  func position(of id: Entry.ID) -> Int? {
    guard let positions else { return all.firstIndex { $0.id == id } }
    return positions[id]
  }

  /// The entry identified by `id`, if any.
  subscript(id: Entry.ID) -> Entry? { position(of: id).map { all[$0] } }

  /// Runs `body` on the entry at `position` (from `position(of:)`), in place. `body` must not
  /// change the entry's identity.
  mutating func modify<Result>(at position: Int, _ body: (inout Entry) -> Result) -> Result {
    let id = all[position].id
    defer { assert(all[position].id == id, "an entry keeps its identity") }
    return body(&all[position])
  }

  /// Adds `entry`, whose identity no entry has.
  mutating func append(_ entry: Entry) { append(contentsOf: CollectionOfOne(entry)) }

  /// Adds `entries`, whose identities are distinct and no entry has yet.
  mutating func append(contentsOf entries: some Collection<Entry>) {
    var position = all.count
    all.append(contentsOf: entries)
    guard all.count > Self.linearLimit else {
      assert(Set(all.map(\.id)).count == all.count, "entries have distinct identities")
      return
    }
    guard positions != nil else { return indexAll() }
    for entry in entries {
      let previous = positions!.updateValue(position, forKey: entry.id)
      assert(previous == nil, "entries have distinct identities")
      position += 1
    }
  }

  /// Removes the entries for which `shouldRemove` is true, returning them (for the caller to
  /// release after its lock); the others keep their order. Rebuilds the index, if any: removals
  /// are rare (a service stopped, a test's defaults forgotten).
  mutating func removeAll(where shouldRemove: (Entry) -> Bool) -> [Entry] {
    var removed: [Entry] = []
    all.removeAll { entry in
      guard shouldRemove(entry) else { return false }
      removed.append(entry)
      return true
    }
    if positions != nil, !removed.isEmpty {
      positions = nil
      if all.count > Self.linearLimit { indexAll() }
    }
    return removed
  }

  /// Makes room for `capacity` entries in the order's array.
  mutating func reserveCapacity(_ capacity: Int) { all.reserveCapacity(capacity) }

  var isEmpty: Bool { all.isEmpty }

  /// Indexes every entry.
  private mutating func indexAll() {
    var positions = [Entry.ID: Int](minimumCapacity: all.count)
    for (position, entry) in all.enumerated() {
      let previous = positions.updateValue(position, forKey: entry.id)
      assert(previous == nil, "entries have distinct identities")
    }
    self.positions = positions
  }
}
