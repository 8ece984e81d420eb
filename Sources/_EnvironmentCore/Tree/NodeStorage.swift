import DependencyValues
import _EnvironmentAtomics

/// A node's single allocation: its read-table pointer and lock in the header; its state (under
/// the lock) as the one element.
///
/// The state is the element, not the header, because it is noncopyable (a `ManagedBuffer` header
/// must be copyable), so that it is made in place: `ManagedBuffer.create` copies a copyable state
/// and destroys the original (its references retained and released).
///
/// Lock rule: the lock is first in the lock order (a tree's lock may be taken under it, when a
/// root is attached; see `LockRank`). Nothing runs under it but reads and updates of the state and
/// the table pointer: no user code, no other lock of the library, no release of a value (what a
/// critical section removes is released by the caller afterwards).
@usableFromInline
package final class NodeStorage: ManagedBuffer<NodeWords, NodeState> {
  /// A node: a child of `parent` in `tree`, or with no parent, the root that made `tree` (and
  /// holds it: `ownedTree`). A child's tree is not retained (see the lifetime rule in `Tree`).
  static func make(
    parent: Node?, tree: Unretained<Tree>, ownedTree: Tree?, environmentType: Any.Type,
    testContext: TestContext?, readsThroughWhileEmpty: Bool = false, recordsReads: Bool = false
  ) -> NodeStorage {
    assert((parent == nil) == (ownedTree != nil), "a root holds the tree it made; a child none")
    assert(ownedTree.map { $0 === tree.object } ?? true, "a root is in its tree")
    let buffer = create(minimumCapacity: 1) { _ in
      NodeWords(
        table: ReadTable.empty.pointer, lock: PlatformLockOperations.unlocked,
        flags: (readsThroughWhileEmpty ? NodeFlags.readsThroughWhileEmpty : 0)
          | (readsThroughWhileEmpty || recordsReads ? NodeFlags.recordsReads : 0),
        treeAddress: tree.opaque)
    }
    buffer.withUnsafeMutablePointerToElements { state in
      state.initialize(
        to: NodeState(
          parent: parent, environmentType: environmentType, testContext: testContext,
          ownedTree: ownedTree))
    }
    return unsafeDowncast(buffer, to: NodeStorage.self)
  }

  deinit {
    // No reader can be looking at the table: every reader holds the node. Freeing the table, and
    // the state (the values set here, derived children, the parent: possibly the next link of a
    // long chain), releases values whose `deinit` is user code that may make and drop nodes of
    // its own: both go through `DeferredRelease`, so such a chain runs at a constant depth.
    withUnsafeMutablePointers { words, state in
      let table = ReadTable(words.pointee.table)
      if !table.isEmptySentinel { DeferredRelease.destroy(table) }
      if !state.pointee.aliases.isEmpty {
        words.tree.current.unregisterAliasDeclaringNode(ObjectIdentifier(self))
      }
      DeferredRelease.release(state: state)
    }
  }

  /// Whether the node's uncached reads record the keys their getters read: a scope's (made to read
  /// through while empty), or a root's made to record them. Read without the lock, as
  /// `readsThroughWhileEmpty`.
  var recordsReads: Bool {
    withUnsafeMutablePointerToHeader {
      environment_flags_load(&$0.pointee.flags, NodeFlags.recordsReads)
    }
  }

  /// Whether the node reads at its parent while it sets nothing. Read without the lock: it is
  /// set before the node is shared and never changes.
  @inlinable
  var readsThroughWhileEmpty: Bool {
    withUnsafeMutablePointerToHeader {
      environment_flags_load(&$0.pointee.flags, NodeFlags.readsThroughWhileEmpty)
    }
  }

  /// The test context the node was created in. Read without the lock: it is set before the node
  /// is shared and never changes.
  var testContext: TestContext? {
    withUnsafeMutablePointerToElements { $0.pointee.testContext }
  }

  /// This node's tree, for a child being made, after recording that the node has a child. Takes
  /// no lock once the node has one: its tree is then read from `NodeWords.treeAddress`. Not
  /// retained (it lives as long as this node, which the caller holds: the lifetime rule in
  /// `Tree`), so that the tree of an app environment shared by every request is not retained and
  /// released per request.
  func treeForNewChild() -> Unretained<Tree> {
    let published = withUnsafeMutablePointerToHeader { words -> Unretained<Tree>? in
      guard environment_flags_load(&words.pointee.flags, NodeFlags.hasChildren) else { return nil }
      return Unretained(
        opaque: environment_pointer_load(&words.pointee.treeAddress),
        keptAliveBy: .treeLifetimeRule)
    }
    if let published { return published }
    return withLock { _, words in
      environment_flags_set(&words.pointee.flags, NodeFlags.hasChildren)
      return words.treeReference
    }
  }

  /// Runs `body` with exclusive access to the state and the table pointer.
  func withLock<Result>(
    _ body: (inout NodeState, UnsafeMutablePointer<NodeWords>) -> Result
  ) -> Result {
    withUnsafeMutablePointers { words, state in
      // The lock at its own address in the words (a `pointee` field is not copied).
      PlatformLockOperations.lock(&words.pointee.lock, rank: .node)
      defer { PlatformLockOperations.unlock(&words.pointee.lock) }
      return body(&state.pointee, words)
    }
  }

  /// The value cached in the current table for `identity`, or `nil`: the read fast path. Takes no
  /// lock; the thread is pinned while it looks at the table (see `Reclamation`).
  @inlinable @inline(__always)
  func cachedValue<Value>(for identity: ObjectIdentifier, as _: Value.Type) -> Value? {
    withCachedBox(for: identity, as: Value.self) { $0.value }
  }

  /// `cachedValue(for:as:)`, also giving the one key whose value the value is
  /// (`KeyValueBox.onlyKeyRead`, 0 if none), for a read shared with a scope (see
  /// `Node.sharedCachedValue`).
  @inlinable @inline(__always)
  func cachedValue<Value>(
    for identity: ObjectIdentifier, as _: Value.Type, onlyKeyRead: inout UInt
  ) -> Value? {
    withCachedBox(for: identity, as: Value.self) { box in
      if ObjectIdentifier(type(of: box)) == ObjectIdentifier(KeyValueBox<Value>.self) {
        onlyKeyRead = unsafeDowncast(box, to: KeyValueBox<Value>.self).onlyKeyRead
      }
      return box.value
    }
  }

  /// `copy` of the box cached in the current table for `identity`, or `nil`. `copy` runs pinned:
  /// it copies out of the box, and runs no user code.
  @inlinable @inline(__always)
  func withCachedBox<Value>(
    for identity: ObjectIdentifier, as _: Value.Type, _ copy: (Box<Value>) -> Value
  ) -> Value? {
    InternalCheck.require(!environment_is_pinned(), "pinned sections do not nest")
    return withUnsafeMutablePointerToHeader { words in
      let reader = environment_pin()
      defer { Reclamation.unpin(reader) }
      Interleaving.point(.pinned)
      let table = environment_table_load(&words.pointee.table)
      guard let box = environment_table_lookup(table, UInt(bitPattern: identity)) else {
        return nil
      }
      let value = Unretained<Box<Value>>(opaque: box, keptAliveBy: .pinnedTable).with(copy)
      Interleaving.point(.copied)
      return value
    }
  }

  /// The box cached in the current table for `identity`, unretained, with the thread left
  /// pinned for the caller to copy the value out and unpin (`Reclamation.unpin(reader)`),
  /// running no user code in between; or `nil`, unpinned.
  func pinnedCachedBox(for identity: ObjectIdentifier) -> (
    box: UnsafeMutableRawPointer, reader: UnsafeMutablePointer<environment_reader>
  )? {
    InternalCheck.require(!environment_is_pinned(), "pinned sections do not nest")
    return withUnsafeMutablePointerToHeader { words in
      let reader = environment_pin()
      Interleaving.point(.pinned)
      let table = environment_table_load(&words.pointee.table)
      guard let box = environment_table_lookup(table, UInt(bitPattern: identity)) else {
        Reclamation.unpin(reader)
        return nil
      }
      return (box, reader)
    }
  }

  /// The boxed value cached in the current table for `identity`, retained, or `nil`.
  func cachedBox(for identity: ObjectIdentifier) -> AnyObject? {
    guard let (box, reader) = pinnedCachedBox(for: identity) else { return nil }
    return Reclamation.retain(box, unpinning: reader)
  }
}

extension UnsafeMutablePointer<NodeWords> {
  /// Moves the node to `tree` (under the node's lock).
  func setTree(_ tree: Tree) {
    environment_pointer_store(
      &pointee.treeAddress, Unretained(tree, keptAliveBy: .treeLifetimeRule).opaque)
  }

  /// Replaces the node's table (under the node's lock); returns the old one for the caller to
  /// retire after the lock, unless it is the shared empty table.
  func replaceTable(with table: ReadTable) -> ReadTable? {
    let old = ReadTable(pointee.table)
    environment_table_store(&pointee.table, table.pointer)
    return old.isEmptySentinel ? nil : old
  }
}
