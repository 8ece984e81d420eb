import DependencyValues
import _EnvironmentAtomics

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
  /// that a `Dependencies` value holds the storage inline.) The tree is not retained: it lives as
  /// long as `node` (the lifetime rule in `Tree`).
  private(set) var tree: Unretained<Tree>?
  private(set) var generation: UInt64 = 0

  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    switch resolved(key) {
    case .box(let box):
      return Box<Key.Value>.unbox(box)
    case .pinnedMemo(let box, let reader):
      // Copied out while pinned, as a cached read's value is, then unpinned.
      let value = Unretained<AnyObject>(opaque: box, keptAliveBy: .pinnedTable).with {
        Box<Key.Value>.unbox($0)
      }
      Interleaving.point(.copied)
      Reclamation.unpin(reader)
      return value
    }
  }

  /// The box of `key`'s value, retained: for a run that keeps it (`RecordedRead`).
  func box<Key: TestDependencyKey>(for key: Key.Type) -> AnyObject {
    switch resolved(key) {
    case .box(let box):
      return box
    case .pinnedMemo(let box, let reader):
      return Reclamation.retain(box, unpinning: reader)
    }
  }

  /// `key` resolved at the node, at the access's tree and generation, or the current ones.
  @inline(__always)
  private func resolved<Key: TestDependencyKey>(_ key: Key.Type) -> Resolved {
    guard let tree else {
      let (tree, generation) = node.currentTree()
      return node.resolve(KeyInfo(key), in: tree, at: generation, leavingMemoPinned: true)
    }
    return tree.with { node.resolve(KeyInfo(key), in: $0, at: generation, leavingMemoPinned: true) }
  }

  func setValue<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    node.setLocal(box, for: key)
  }
}

extension NodeAccess {
  /// The storage of `read`, an uncached read at `node`: bound to the read's tree and generation.
  init(at node: Node, for read: UncachedRead) {
    self.init(
      node: node, tree: Unretained(opaque: read.tree, keptAliveBy: .treeLifetimeRule),
      generation: read.generation)
  }
}

extension Node {
  /// A `Dependencies` value that reads from and writes to this node, as it is at each access.
  package func dependencies() -> Dependencies { Dependencies(storage: NodeAccess(node: self)) }
}
