import _EnvironmentAtomics

/// What the nodes of one root environment's tree share: the generation counters that invalidate
/// every cache of the tree at once, and the tree's default values.
///
/// A tree is replaced (forwarded) when its root is attached under another environment: the nodes
/// that still point at it notice on their next read and move to the new tree.
@usableFromInline
package final class Tree: @unchecked Sendable {
  /// Set in the generation of a forwarded tree. Caches never store a generation with this bit, so
  /// every cached read on a forwarded tree misses and moves the node to the current tree.
  static let forwardedBit: UInt64 = 1 << 63

  /// `counters[0]`: the generation, bumped by every write to the tree. `counters[1]`: the alias
  /// generation, bumped by every alias declaration.
  @usableFromInline
  let counters: UnsafeMutablePointer<UInt64>

  /// The tree this one was merged into, if any. A leaf lock: no other lock is taken under it.
  private let forwarding = LockedValue<Tree?>.make(nil)

  /// Defaults, computed at most once per tree. User code runs under this lock.
  private let defaultsLock = RecursiveLock()
  private var defaults: [ObjectIdentifier: AnyObject] = [:]

  package init() {
    counters = .allocate(capacity: 2)
    counters.initialize(repeating: 0, count: 2)
  }

  deinit {
    counters.deinitialize(count: 2)
    counters.deallocate()
  }

  /// The current generation. Any write to the tree changes it.
  @inlinable @inline(__always)
  package var generation: UInt64 { environment_atomic_load(counters) }

  /// The current alias generation. Any alias declaration changes it.
  var aliasGeneration: UInt64 { environment_atomic_load(counters + 1) }

  /// Records a write: every cache of the tree becomes stale.
  package func invalidateValues() {
    environment_atomic_increment(counters)
  }

  /// Records an alias declaration: every alias scope and cache of the tree becomes stale.
  func invalidateAliases() {
    environment_atomic_increment(counters + 1)
    environment_atomic_increment(counters)
  }

  /// Whether `generation` belongs to a live (not forwarded) tree and may be cached.
  @inline(__always)
  static func isCacheable(_ generation: UInt64) -> Bool {
    generation & forwardedBit == 0
  }

  /// The tree that replaced this one, following merges to the end.
  var current: Tree {
    var tree = self
    while let next = tree.forwarding.withLock({ $0 }) { tree = next }
    return tree
  }

  /// Merges this tree into `other`: nodes pointing here will move to `other` on their next read.
  func forward(to other: Tree) {
    forwarding.withLock { $0 = other }
    environment_atomic_set_bits(counters, Self.forwardedBit)
  }

  /// The default value of `key` for this tree, computed on first use and then shared.
  ///
  /// A default may read other dependencies of the tree (the lock is recursive). A default that
  /// needs itself, directly or through other defaults, in this tree or in a tree it creates, is
  /// reported instead of recursing forever.
  func defaultValue(of key: KeyInfo) -> AnyObject {
    defaultsLock.withLock {
      if let value = defaults[key.id] { return value }
      let inProgress = DefaultsInProgress.current
      if let start = inProgress.keys.firstIndex(where: { $0.id == key.id }) {
        let chain = (inProgress.keys[start...] + [key]).map(\.name).joined(separator: " → ")
        reportMisuse(
          """
          the default value of \(key.name) reads \(key.name) itself (\(chain)). A default must \
          not depend on its own key; compute it from other dependencies or set the value \
          explicitly with `with(_:_:)`.
          """
        )
      }
      inProgress.keys.append(key)
      let value = key.makeDefault()
      inProgress.keys.removeLast()
      defaults[key.id] = value
      return value
    }
  }

  /// Forgets every computed default and invalidates every cache: the next reads compute fresh
  /// defaults.
  package func resetDefaults() {
    defaultsLock.withLock { defaults.removeAll() }
    invalidateAliases()
  }
}
