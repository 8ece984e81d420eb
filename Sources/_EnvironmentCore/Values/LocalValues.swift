/// The values set on one node, one per key, in the order they were first set.
///
/// Searched linearly while there are few, through an index beyond (see `IndexedEntries`): a
/// node usually holds a few values (a request's environment one or two), and a one-element
/// array costs one small allocation. The index adds a word to the node (`nil` until needed),
/// which its allocation had room for: a bare node's heap did not grow. (Holding the first value
/// inline saves that allocation but makes every node 32 bytes larger: over the heap budget of a
/// node that has read once.)
typealias LocalValues = IndexedEntries<LocalValue>

extension IndexedEntries<LocalValue> {
  /// Sets `value` for its key, replacing the key's previous value (returned, for the caller to
  /// release after the lock).
  mutating func update(_ value: LocalValue) -> LocalValue? {
    guard let position = position(of: value.id) else {
      append(value)
      return nil
    }
    var replaced = value
    modify(at: position) { swap(&$0, &replaced) }
    return replaced
  }

  /// Removes the values of the keys in `ids`, returning them (for the caller to release after
  /// the lock).
  mutating func remove(_ ids: Set<ObjectIdentifier>) -> [LocalValue] {
    removeAll { ids.contains($0.id) }
  }
}
