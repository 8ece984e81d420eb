/// The values set on one node, one per key, in the order they were first set.
///
/// The first value is held inline and the others in a small array searched linearly: a node
/// holds a few values (a request's environment usually one), and comparing identities is cheaper
/// than hashing them. Setting the first value of a dictionary cost ≈ 750 instructions (hashing,
/// allocating and resizing its storage) and releasing it ≈ 440, and the first element of an
/// array ≈ 300 (an allocation, and its free), counted by `Scripts/instruction-budgets` ("a server
/// request"); the inline first value costs none.
struct LocalValues {
  /// The value of the key set first; `nil` only when no value is set.
  private var first: LocalValue?
  /// The values of the other keys, in the order they were first set.
  private var others: [LocalValue] = []

  /// The value set for the key identified by `id`, if any.
  subscript(id: ObjectIdentifier) -> LocalValue? {
    guard let first else { return nil }
    if first.key.id == id { return first }
    return others.first { $0.key.id == id }
  }

  /// Sets `value` for its key, replacing the key's previous value (returned, for the caller to
  /// release after the lock).
  mutating func update(_ value: LocalValue) -> LocalValue? {
    assert(first != nil || others.isEmpty, "the first value is set before any other")
    guard let current = first else {
      first = value
      return nil
    }
    if current.key.id == value.key.id {
      first = value
      return current
    }
    guard let index = others.firstIndex(where: { $0.key.id == value.key.id }) else {
      others.append(value)
      return nil
    }
    defer { others[index] = value }
    return others[index]
  }

  /// The identities of the keys set.
  var keys: KeyIDs {
    var keys = KeyIDs()
    guard let first else { return keys }
    keys.insert(first.key.id)
    for other in others { keys.insert(other.key.id) }
    return keys
  }

  /// Every value, in the order their keys were first set.
  var all: [LocalValue] { first.map { [$0] + others } ?? [] }

  var isEmpty: Bool { first == nil }
}
