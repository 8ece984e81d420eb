/// The values set on one node, one per key, in the order they were first set.
///
/// A small array searched linearly rather than a dictionary: a node holds a few values (a
/// request's environment one or two), and comparing identities is cheaper than hashing them; a
/// one-element array costs one small allocation. (Holding the first value inline saves that
/// allocation but makes every node 32 bytes larger: over the heap budget of a node that has read
/// once.)
struct LocalValues {
  private var entries: [LocalValue] = []

  /// The value set for the key identified by `id`, if any.
  subscript(id: ObjectIdentifier) -> LocalValue? {
    entries.first { $0.key.id == id }
  }

  /// Sets `value` for its key, replacing the key's previous value (returned, for the caller to
  /// release after the lock).
  mutating func update(_ value: LocalValue) -> LocalValue? {
    guard let index = entries.firstIndex(where: { $0.key.id == value.key.id }) else {
      entries.append(value)
      return nil
    }
    defer { entries[index] = value }
    return entries[index]
  }

  /// Sets each of `values` for its key, none of which may be set yet (a batch: one pass over the
  /// entries, not one per value).
  mutating func append(contentsOf values: [LocalValue]) {
    assert(
      Set(entries.map(\.key.id)).isDisjoint(with: values.map(\.key.id)),
      "a batch sets keys not set yet")
    entries.append(contentsOf: values)
  }

  /// Removes the values of the keys in `ids`, returning them (for the caller to release after
  /// the lock).
  mutating func remove(_ ids: Set<ObjectIdentifier>) -> [LocalValue] {
    let removed = entries.filter { ids.contains($0.key.id) }
    entries.removeAll { ids.contains($0.key.id) }
    return removed
  }

  /// Every value, in the order their keys were first set.
  var all: [LocalValue] { entries }

  var isEmpty: Bool { entries.isEmpty }
}
