import _EnvironmentAtomics

/// What one environment node holds under its lock.
///
/// Noncopyable: it lives in its node's storage and is only ever borrowed or mutated in place
/// (under the lock). It is also made in place, where a copyable state was copied and the original
/// destroyed (its references retained and released).
@usableFromInline
package struct NodeState: ~Copyable {
  /// The node this one inherits from; `nil` for a root.
  var parent: Node?
  /// The environment type that owns the node, for diagnostics.
  let environmentType: Any.Type
  /// The test context the node was created in (see `TestContext`). Never changes, so that it is
  /// read without the lock (`NodeStorage.testContext`).
  let testContext: TestContext?

  /// Values set on this node, by key.
  var locals = LocalValues()
  /// Orders the writes to this node, so that the latest write to an alias group wins.
  var writeCount: UInt64 = 0
  /// Aliases declared on this node, in declaration order.
  var aliases: [AliasDeclaration] = []
  /// The aliases in force here, with the tree's alias generation they are valid at.
  var aliasScope: CachedAliasScope?
  /// The children of this node's environment made by `derived(_:)` and `derived(_:id:)`, made on
  /// the first one. Held here rather than by the environment, so that reflecting an environment
  /// (`Mirror`, `dependencyTree()`) never copies state that another thread changes.
  var derivedChildren: DerivedChildren?
  /// The tree this node made as a root, held for the node's whole life (also once the node is
  /// attached under another environment: its descendants may still point at it); `nil` for a
  /// node made as a child. See the lifetime rule in `Tree`.
  let ownedTree: Tree?

  /// Whether an identified alias is declared here (pending ones do not change groups yet).
  var declaresAliases: Bool { aliases.contains { $0.edge != nil } }

  /// The name of the owning environment type, for diagnostics.
  var environmentName: String { KeyInfo.displayName(of: environmentType) }

  /// The value most recently set on this node for any key of `group` (or `key` alone).
  func latestLocal(for key: KeyInfo, in group: AliasGroup?) -> LocalValue? {
    guard let group else { return locals[key.id] }
    var latest: LocalValue?
    for member in group.members {
      if let local = locals[member.id], local.order > latest?.order ?? 0 {
        latest = local
      }
    }
    return latest
  }
}

/// A node's words at stable addresses: its read-table pointer, its lock, and the two fields that
/// other nodes read without the lock.
///
/// Making a child of a node that has children reads `flags` and `treeAddress` instead of
/// taking the node's lock: the app environment of a server, parent of every request's, is then
/// not locked per request (its lock's cache line, shared with the table pointer every reader
/// loads, is not written).
@usableFromInline
package struct NodeWords {
  @usableFromInline var table: UnsafeMutablePointer<environment_table>
  var lock: PlatformLock
  /// `NodeFlags`: whether a node was ever made a child of this one (set under the lock, never
  /// reset, `NodeStorage.treeForNewChild()`; a write to a node without children changes what only
  /// that node reads: its own table is dropped, and the tree's caches stay valid), and whether the
  /// node reads through while it sets nothing (set when it is made, never changed). One word, so
  /// that a node stays in its allocation size class.
  @usableFromInline var flags: UInt32
  /// The tree the node belongs to (possibly forwarded; see ``Tree``), stored under the lock
  /// (`setTree`). Not retained: the root that made it, an ancestor or this node, holds it
  /// (`NodeState.ownedTree`; the lifetime rule in `Tree`), so that the nodes of a tree shared by
  /// threads (a request's environment, child of the app's) do not retain it.
  var treeAddress: UnsafeMutableRawPointer
}

/// The words' fields, each read at its own address (a member of `NodeWords` itself would be
/// passed a copy of all of them, reading the lock word that other threads change).
extension UnsafeMutablePointer<NodeWords> {
  /// The node's tree, read under the node's lock.
  var tree: Tree { treeReference.object }

  /// The node's tree, unretained, read under the node's lock.
  var treeReference: Unretained<Tree> {
    Unretained(opaque: pointee.treeAddress, keptAliveBy: .treeLifetimeRule)
  }

  /// Whether the node's tree is `tree`, read under the node's lock (comparing addresses: neither
  /// tree is retained).
  func isIn(_ tree: Tree) -> Bool {
    pointee.treeAddress == Unretained(tree, keptAliveBy: .holder).opaque
  }

  /// Whether a node was ever made a child of this one, read under the node's lock.
  var hasChildren: Bool { environment_flags_load(&pointee.flags, NodeFlags.hasChildren) }
}

/// The bits of `NodeWords.flags`.
@usableFromInline
enum NodeFlags {
  static let hasChildren: UInt32 = 1
  /// Computed, so that inlined code folds it to a constant.
  @inlinable static var readsThroughWhileEmpty: UInt32 { 2 }
  /// The node's uncached reads record the keys their getters read (see `RecordedRead`): a
  /// GlobalEnv root's and scope's, whose results scopes made on them share.
  static let recordsReads: UInt32 = 4
  /// How many reads the node (a scope's) took from the ancestor it shares, counted in the bits
  /// from this one up to `Node.sharedReadsBeforeCaching + 1`, under the node's lock (a field
  /// of its own made every node 16 bytes larger): past that, the node caches what it shares in
  /// its own table too (see `Node.sharing(since:)`).
  static let sharedReadsShift: UInt32 = 8
}

/// A value set on a node.
struct LocalValue: Identifiable {
  /// The key it was set for.
  let key: KeyInfo
  /// A `Box<Key.Value>`.
  let value: AnyObject
  /// The node's write count when the value was set.
  let order: UInt64

  /// The identity of its key: a node holds one value per key.
  var id: ObjectIdentifier { key.id }
}

/// An alias scope and the tree's alias generation it was built at. (One reference in the node.)
final class CachedAliasScope {
  let scope: AliasScope
  let generation: UInt64

  init(scope: AliasScope, generation: UInt64) {
    self.scope = scope
    self.generation = generation
  }
}
