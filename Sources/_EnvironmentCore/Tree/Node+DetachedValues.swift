import DependencyValues

extension Node {
  /// A `Dependencies` value that reads this node's values, and keeps its own writes: a copy of
  /// the node's values as swift-dependencies' `DependencyValues._current` is one, which a caller
  /// may change without changing the node.
  ///
  /// ```swift
  /// var values = node.detachedValues()
  /// values.uuid = .incrementing  // only `values` reads it
  /// ```
  package func detachedValues() -> Dependencies {
    Dependencies(storage: DetachedAccess(node: NodeAccess(node: self)))
  }
}

/// The storage of `Node.detachedValues()`: the values written into it (a dictionary, copied on
/// write, so that copies of the `Dependencies` value do not share writes), and for every other key
/// the node's value at the time of the read.
///
/// A key's value computed at the node (a default whose getter reads other keys) sees the node's
/// values, not those written here.
private struct DetachedAccess: DependencyStorage {
  let node: NodeAccess
  /// The values written, each in its `Box`, by key.
  private var written: [ObjectIdentifier: any AnyObject & Sendable] = [:]

  init(node: NodeAccess) {
    self.node = node
  }

  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    if let box = written[ObjectIdentifier(key)] { return Box<Key.Value>.unbox(box) }
    return node.value(for: key)
  }

  mutating func setValue<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    written[ObjectIdentifier(key)] = box
  }
}
