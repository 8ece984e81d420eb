/// A tree's defaults: the once-state of each key's default, by key.
///
/// A small array searched linearly: a tree has a few dozen keys at most, and comparing
/// identities is cheaper than hashing them (two lookups per default computed). Room for eight
/// keys is made at the first one, so that a tree's first defaults cost one allocation.
struct Defaults {
  private var entries: [(key: ObjectIdentifier, state: OnceState)] = []

  /// The state of `key`'s default, `.idle` until first touched.
  subscript(key: ObjectIdentifier) -> OnceState {
    get { entries.first { $0.key == key }?.state ?? .idle }
    set {
      if let index = entries.firstIndex(where: { $0.key == key }) {
        entries[index].state = newValue
      } else {
        if entries.isEmpty { entries.reserveCapacity(8) }
        entries.append((key, newValue))
      }
    }
  }

  /// Every state, computed or not.
  var values: [OnceState] { entries.map(\.state) }
}
