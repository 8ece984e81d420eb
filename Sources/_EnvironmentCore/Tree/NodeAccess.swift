import DependencyValues

/// The storage behind a `Dependencies` value bound to a node: reads resolve at `node`, writes set
/// values on `node`.
///
/// `@unchecked Sendable`: a node is thread-safe, and a tree's shared state is only touched under
/// its lock or atomically.
struct NodeAccess: DependencyStorage, @unchecked Sendable {
  let node: Node
  /// The tree and generation to resolve against, for one key-path evaluation whose result is
  /// cached at that generation; no tree to use the current ones at each read, for a
  /// `Dependencies` value handed to user code that may write and read again. (Three words, so
  /// that a `Dependencies` value holds the storage inline.)
  private let tree: Tree?
  private let generation: UInt64

  init(node: Node, snapshot: (tree: Tree, generation: UInt64)?) {
    self.node = node
    tree = snapshot?.tree
    generation = snapshot?.generation ?? 0
  }

  func value<Key: DependencyKey>(for key: Key.Type) -> Key.Value {
    let snapshot = tree.map { ($0, self.generation) } ?? node.currentTree()
    return Box<Key.Value>.unbox(node.resolve(KeyInfo(key), in: snapshot.0, at: snapshot.1))
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
