import DependencyValues

/// The storage behind a `Dependencies` value handed to a key path: reads resolve at `node` as of
/// `generation`, writes set values on `node`.
struct NodeAccess: DependencyStorage {
  let node: Node
  let tree: Tree
  let generation: UInt64

  func value<Key: DependencyKey>(for key: Key.Type) -> Key.Value {
    Box<Key.Value>.unbox(node.resolve(KeyInfo(key), in: tree, at: generation))
  }

  func setValue<Key: DependencyKey>(_ value: Key.Value, for key: Key.Type) {
    node.setLocal(value, for: key)
  }
}
