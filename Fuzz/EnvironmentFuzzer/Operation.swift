/// One operation of a fuzzed sequence, decoded from three bytes: what to do, on which node, with
/// which key (and, for an alias, which reference key; for a scope, which key to read).
enum Operation: CustomStringConvertible {
  /// `derived(_:id:)` of node `node` with `id`.
  case deriveCached(node: Int, id: Int)
  /// `makeChild(_:)` of node `node`.
  case makeUncached(node: Int)
  /// `with(key, value)` on node `node`.
  case set(node: Int, key: Int)
  /// `aliasing(key, to: reference)` on node `node` (only when the model accepts it).
  case alias(node: Int, key: Int, reference: Int)
  /// A read of `key` at node `node`.
  case read(node: Int, key: Int)
  /// `removeDerived(_:id:)` on node `node`.
  case removeCached(node: Int, id: Int)
  /// A GlobalEnv `withValues` scope that sets `key`, reading `other` inside.
  case scopedOverride(key: Int, other: Int)
  /// A fresh tree.
  case restart

  /// Decodes the operations of `bytes`, three bytes each, for `keys` keys. Node numbers are taken
  /// modulo the number of nodes when the operation runs.
  static func decode(_ bytes: [UInt8], keys: Int) -> [Operation] {
    var operations: [Operation] = []
    var index = 0
    while index + 2 < bytes.count {
      let (code, a, b) = (bytes[index], Int(bytes[index + 1]), Int(bytes[index + 2]))
      index += 3
      let key = b % keys
      switch code % 16 {
      case 0, 1: operations.append(.deriveCached(node: a, id: b % 4))
      case 2: operations.append(.makeUncached(node: a))
      case 3, 4, 5: operations.append(.set(node: a, key: key))
      case 6: operations.append(.alias(node: a, key: key, reference: (b / keys) % keys))
      case 7: operations.append(.removeCached(node: a, id: b % 4))
      case 8: operations.append(.scopedOverride(key: key, other: (b / keys) % keys))
      case 9 where a == 0: operations.append(.restart)
      default: operations.append(.read(node: a, key: key))
      }
    }
    return operations
  }

  var description: String {
    switch self {
    case .deriveCached(let node, let id): "node \(node).derived(id: \(id))"
    case .makeUncached(let node): "node \(node).makeChild()"
    case .set(let node, let key): "node \(node).with(key \(key))"
    case .alias(let node, let key, let reference):
      "node \(node).aliasing(key \(key), to: key \(reference))"
    case .read(let node, let key): "node \(node) reads key \(key)"
    case .removeCached(let node, let id): "node \(node).removeDerived(id: \(id))"
    case .scopedOverride(let key, let other): "withValues { key \(key) } reading key \(other)"
    case .restart: "a fresh tree"
    }
  }
}
