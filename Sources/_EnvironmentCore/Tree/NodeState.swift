import _EnvironmentAtomics

/// What one environment node holds, guarded by the node's lock.
@usableFromInline
package struct NodeState {
  /// The node this one inherits from; `nil` for a root.
  var parent: Node?
  /// The tree the node belongs to (possibly forwarded; see ``Tree``).
  @usableFromInline var tree: Tree {
    didSet { treeGeneration = tree.counters }
  }
  /// `tree`'s generation counter, kept here so that the read fast path reaches it in one load.
  @usableFromInline var treeGeneration: UnsafeMutablePointer<UInt64>
  /// The environment type that owns the node, for diagnostics.
  let environmentType: Any.Type

  /// Values set on this node, by key.
  var locals: [ObjectIdentifier: LocalValue] = [:]
  /// Orders the writes to this node, so that the latest write to an alias group wins.
  var writeCount: UInt64 = 0
  /// Aliases declared on this node, in declaration order.
  var aliasEdges: [AliasEdge] = []

  /// The aliases in force here, valid while the tree's alias generation is
  /// `aliasScopeGeneration`.
  var aliasScope: AliasScope?
  var aliasScopeGeneration: UInt64 = 0
  /// Resolved values by key, each valid at the tree generation it records.
  var resolved: [ObjectIdentifier: CachedValue] = [:]
  /// Resolved key-path reads: the fast path.
  @usableFromInline var readCache = ReadCache()

  init(parent: Node?, tree: Tree, environmentType: Any.Type) {
    self.parent = parent
    self.tree = tree
    treeGeneration = tree.counters
    self.environmentType = environmentType
  }

  /// The current generation of the node's tree.
  @inlinable @inline(__always)
  var generation: UInt64 { environment_atomic_load(treeGeneration) }

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

  /// Forgets everything cached, for a node that moved to another tree.
  mutating func clearCaches() {
    aliasScope = nil
    aliasScopeGeneration = 0
    resolved = [:]
    readCache.removeAll()
  }
}

/// A value set on a node.
struct LocalValue {
  /// The key it was set for.
  let key: KeyInfo
  /// A `Box<Key.Value>`.
  let value: AnyObject
  /// The node's write count when the value was set.
  let order: UInt64
}

/// A resolved value and the tree generation at which it was resolved.
struct CachedValue {
  /// A `Box<Key.Value>`.
  let value: AnyObject
  let generation: UInt64
}
