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
    Dependencies(storage: DetachedAccess(node: self))
  }
}

/// The storage of `Node.detachedValues()`: the values written into it (copied on write, so that
/// copies of the `Dependencies` value do not share writes), and for every other key the node's
/// value at the time of the read.
///
/// A key's value computed at the node (a default whose getter reads other keys) sees the node's
/// values, not those written here.
///
/// `@unchecked Sendable`: a node is thread-safe.
struct DetachedAccess: DependencyStorage, @unchecked Sendable {
  let node: Node
  /// The values written.
  private(set) var written = WrittenValues()

  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    if let box = written.box(for: key) { return Box<Key.Value>.unbox(box) }
    return NodeAccess(node: node).value(for: key)
  }

  mutating func setValue<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    written.set(box, for: key)
  }
}

extension Dependencies {
  /// The keys written into these values since they were made by `Node.detachedValues()`, in the
  /// order of their last write, with their names and boxes; none for other values.
  ///
  /// ```swift
  /// var values = node.detachedValues()
  /// values.uuid = .incrementing
  /// values.writtenKeys.map(\.name)  // ["DependencyKeys.UUIDKey"]
  /// ```
  package var writtenKeys: [(id: ObjectIdentifier, name: String, box: AnyObject)] {
    guard let detached = underlyingStorage as? DetachedAccess else { return [] }
    return detached.written.keys.map { ($0.id, KeyInfo.displayName(of: $0.type), $0.box) }
  }

  /// Sets the values written into these values (made by `Node.detachedValues()`) on `target`, in
  /// the order written, but for the keys in `excluded`.
  ///
  /// ```swift
  /// values.replayWritten(into: &scopeValues, except: refused)
  /// ```
  package func replayWritten(
    into target: inout Dependencies, except excluded: Set<ObjectIdentifier> = []
  ) {
    (underlyingStorage as? DetachedAccess)?.written.replay(into: &target, except: excluded)
  }
}
