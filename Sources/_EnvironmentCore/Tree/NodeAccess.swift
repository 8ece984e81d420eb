import DependencyValues

/// The storage behind a `Dependencies` value bound to a node: reads resolve at `node`, writes set
/// values on `node`.
struct NodeAccess: DependencyStorage {
  let node: Node
  /// The tree and generation to resolve against, for one key-path evaluation whose result is
  /// cached at that generation; `nil` to use the current ones at each read, for a `Dependencies`
  /// value handed to user code that may write and read again.
  let snapshot: (tree: Tree, generation: UInt64)?

  func value<Key: DependencyKey>(for key: Key.Type) -> Key.Value {
    let (tree, generation) = snapshot ?? node.currentTree()
    return Box<Key.Value>.unbox(node.resolve(KeyInfo(key), in: tree, at: generation))
  }

  func setValue<Key: DependencyKey>(_ value: Key.Value, for key: Key.Type) {
    node.setLocal(value, for: key)
  }
}

extension Node {
  /// A `Dependencies` value that reads from and writes to this node, as it is at each access.
  package func dependencies() -> Dependencies {
    Dependencies(storage: NodeAccess(node: self, snapshot: nil))
  }
}
