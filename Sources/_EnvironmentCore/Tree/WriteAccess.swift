import DependencyValues

/// The storage for one write through a key path (`with(\.apiClient, stub)`), which must not
/// evaluate the dependency's default.
///
/// Writing through a `WritableKeyPath` of a computed property runs its getter first, then its
/// setter with the new value (a read-modify-write). The getter's result is discarded, so the
/// storage hands it the value being written when the types match (the usual
/// `get { self[Key.self] }` shape), instead of resolving the key, which could compute its live
/// default. For a property whose getter reads a key of another type, the key is resolved.
///
/// `@unchecked Sendable`: used by one thread, for the duration of one write.
final class WriteAccess<Written>: DependencyStorage, @unchecked Sendable {
  private let node: Node
  private let written: Written
  /// The keys the setter set.
  private var keys: [KeyInfo] = []

  init(node: Node, value: Written) {
    self.node = node
    self.written = value
  }

  func value<Key: DependencyKey>(for key: Key.Type) -> Key.Value {
    if let value = written as? Key.Value { return value }
    return NodeAccess(node: node, snapshot: nil).value(for: key)
  }

  func setValue<Key: DependencyKey>(_ value: Key.Value, for key: Key.Type) {
    keys.append(KeyInfo(key))
    node.setLocal(value, for: key)
  }

  /// Remembers which key `keyPath` writes, when it wrote exactly one (see `KnownKeyPaths`).
  func recordWrittenKey(of keyPath: AnyKeyPath) {
    if keys.count == 1 { KnownKeyPaths.record(keyPath, writes: keys[0]) }
  }
}
