/// The values set on one node, one per key, in the order they were first set.
///
/// Searched linearly while there are few, through an index beyond (see `IndexedEntries`): a
/// node usually holds a few values (a request's environment one or two), and a one-element
/// array costs one small allocation. The index adds a word to the node (`nil` until needed),
/// which its allocation had room for: a bare node's heap did not grow. (Holding the first value
/// inline saves that allocation but makes every node 32 bytes larger: over the heap budget of a
/// node that has read once.)
struct LocalValues {
  private var entries = IndexedEntries<LocalValue>()

  /// The value set for the key identified by `id`, if any.
  subscript(id: ObjectIdentifier) -> LocalValue? {
    entries[id]
  }

  /// Sets `value` for its key, replacing the key's previous value (returned, for the caller to
  /// release after the lock).
  mutating func update(_ value: LocalValue) -> LocalValue? {
    guard let position = entries.position(of: value.id) else {
      entries.append(value)
      return nil
    }
    var replaced = value
    entries.modify(at: position) { swap(&$0, &replaced) }
    return replaced
  }

  /// Sets each of `values` for its key, none of which may be set yet (a batch: the entries grow
  /// once, not once per value).
  mutating func append(contentsOf values: [LocalValue]) {
    entries.append(contentsOf: values)
  }

  /// Removes the values of the keys in `ids`, returning them (for the caller to release after
  /// the lock).
  mutating func remove(_ ids: Set<ObjectIdentifier>) -> [LocalValue] {
    entries.removeAll { ids.contains($0.id) }
  }

  /// Every value, in the order their keys were first set.
  var all: [LocalValue] { entries.all }

  var isEmpty: Bool { entries.isEmpty }
}
