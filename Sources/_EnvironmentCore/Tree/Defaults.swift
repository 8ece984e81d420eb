/// A tree's defaults: the once-state of each key's default, by key.
///
/// A small array searched linearly: a tree has a few dozen keys at most, and comparing
/// identities is cheaper than hashing them (two lookups per default computed).
struct Defaults {
  private var keys: [ObjectIdentifier] = []
  private var states: [OnceState] = []

  /// The state of `key`'s default, `.idle` until first touched.
  subscript(key: ObjectIdentifier) -> OnceState {
    get { keys.firstIndex(of: key).map { states[$0] } ?? .idle }
    set {
      if let index = keys.firstIndex(of: key) {
        states[index] = newValue
      } else {
        keys.append(key)
        states.append(newValue)
      }
      assert(keys.count == states.count, "one state per key")
    }
  }

  /// Every state, computed or not.
  var values: [OnceState] { states }
}
