/// A tree's defaults: the once-state of each key's default, by key.
///
/// A small array searched linearly: a tree has a few dozen keys at most, and comparing
/// identities is cheaper than hashing them (two lookups per default computed). Room for eight
/// keys is made at the first one, so that a tree's first defaults cost one allocation.
struct Defaults {
  private var entries: [(key: ObjectIdentifier, state: OnceState)] = []

  /// Runs `body` on the state of `key`'s default (`.idle` until first touched), found once.
  mutating func withState<Result>(of key: ObjectIdentifier, _ body: (inout OnceState) -> Result)
    -> Result
  {
    if let index = entries.firstIndex(where: { $0.key == key }) {
      return body(&entries[index].state)
    }
    if entries.isEmpty { entries.reserveCapacity(8) }
    var state = OnceState.idle
    let result = body(&state)
    if case .idle = state {} else { entries.append((key, state)) }
    return result
  }

  /// Every state, computed or not.
  var values: [OnceState] { entries.map(\.state) }
}
