import _EnvironmentAtomics

/// A reference that does not keep its object alive: the one type through which the core refers
/// to an object without retaining it, each time saying what does keep it alive (``Keeper``).
///
/// Why unretained at all: the objects referred to this way are shared by every thread of a
/// server (the app environment's node and tree, read per request), and retaining them per read
/// made threads wait for their reference counts' cache lines.
///
/// Checked builds (`ENVIRONMENT_INTERNAL_CHECKS`) assert the keeper's promise where the calling
/// thread can tell: a reference made from an object also holds it weakly, and each use asserts
/// that it is not gone (a weak reference is safe to load after its object was freed, unlike the
/// object); a reference rebuilt from an address kept by a pinned table or by the thread asserts
/// that the thread is pinned, or that the context is its own. A reference rebuilt from an address
/// under the tree lifetime rule or a holder is not asserted at its uses (nothing the thread holds
/// tells whether the object is alive); where a node points at its tree is asserted instead, by
/// `Node.holdsTree`, each time the node's tree is looked at.
///
/// ```swift
/// let parent = Unretained(node.storage, keptAliveBy: .holder)
/// parent.with { $0.testContext }
/// ```
@usableFromInline
struct Unretained<Object: AnyObject>: @unchecked Sendable {
  // `@unchecked Sendable`: an address, sent between threads only together with what keeps its
  // object alive (the `Keeper`), which is itself shared safely.

  /// What keeps the object alive while the reference is used.
  @usableFromInline
  enum Keeper: Sendable {
    /// A tree, kept alive by the root node that made it (`NodeState.ownedTree`), which every node
    /// pointing at the tree holds, directly or through its parents: the lifetime rule in `Tree`.
    case treeLifetimeRule
    /// A node or object held by someone up the call stack for the whole use: the node being read
    /// holds its ancestors (parents never change), `deriving` holds the parent of the child
    /// being made, a caller holds its argument.
    case holder
    /// A boxed value held by a read table that the calling thread has pinned: the table, and so
    /// the box, is not freed before the thread unpins (`Reclamation`).
    case pinnedTable
    /// The calling thread's context, held by the thread's pthread key until the thread exits.
    case thread
  }

  @usableFromInline let unmanaged: Unmanaged<Object>

  #if ENVIRONMENT_INTERNAL_CHECKS
    /// The keeper named where the reference was made.
    @usableFromInline let keeper: Keeper
    /// The object, weakly, when the reference was made from the object: `nil` once it is gone.
    @usableFromInline weak var witness: Object?
    /// Whether `witness` was set (references rebuilt from an address have none).
    @usableFromInline let hasWitness: Bool
  #endif

  /// A reference to `object`, which `keeper` keeps alive while the reference is used.
  @inlinable @inline(__always)
  init(_ object: Object, keptAliveBy keeper: Keeper) {
    unmanaged = .passUnretained(object)
    #if ENVIRONMENT_INTERNAL_CHECKS
      self.keeper = keeper
      witness = object
      hasWitness = true
    #endif
  }

  /// A reference rebuilt from `opaque`, an address stored by `opaque` of an earlier reference.
  @inlinable @inline(__always)
  init(opaque: UnsafeMutableRawPointer, keptAliveBy keeper: Keeper) {
    unmanaged = .fromOpaque(opaque)
    #if ENVIRONMENT_INTERNAL_CHECKS
      self.keeper = keeper
      witness = nil
      hasWitness = false
    #endif
  }

  /// The object's address, to store where a Swift reference cannot be (a word loaded atomically,
  /// a raw pointer in inlinable code) and to compare identities.
  @inlinable var opaque: UnsafeMutableRawPointer { unmanaged.toOpaque() }

  /// The object, retained by the caller from here on.
  @inlinable var object: Object {
    assert(isKeptAlive, message)
    return unmanaged.takeUnretainedValue()
  }

  /// Runs `body` with the object, not retained for the call.
  @inlinable @inline(__always)
  func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
    assert(isKeptAlive, message)
    return try unmanaged._withUnsafeGuaranteedRef(body)
  }

  /// Whether both refer to the same object (compares addresses: loads neither).
  @inlinable @inline(__always)
  func isIdentical(to other: Unretained<Object>) -> Bool {
    unmanaged.toOpaque() == other.unmanaged.toOpaque()
  }

  /// Whether the keeper's promise holds, as far as a checked build can tell; `true` in other
  /// builds (the assertions that call it are compiled out of optimized builds).
  @inlinable var isKeptAlive: Bool {
    #if ENVIRONMENT_INTERNAL_CHECKS
      if hasWitness { return witness != nil }
      switch keeper {
      case .pinnedTable: return environment_is_pinned()
      case .thread: return environment_context_load() == unmanaged.toOpaque()
      case .treeLifetimeRule, .holder: return true
      }
    #else
      return true
    #endif
  }

  @inlinable var message: String {
    #if ENVIRONMENT_INTERNAL_CHECKS
      "swift-composable-env internal error: an unretained \(Object.self) outlived its keeper "
        + "(\(keeper))"
    #else
      ""
    #endif
  }
}
