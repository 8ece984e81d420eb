import _EnvironmentCore

extension GlobalDependencies {
  /// The overlays one scope made for reads, from it, of `@Dependency` properties made in other
  /// scopes (see `Scope.node(readFromOther:)`): one per captured scope, found by the scope's
  /// identity in O(1), kept while that scope lives.
  ///
  /// An entry holds its captured scope weakly (through `Scope.lifetimeWitness`), and the scope's
  /// node: two scopes that read each other's models do not keep each other alive (a node never
  /// refers to a scope), and an entry whose scope has ended is dropped by the next prune. A prune
  /// runs when the count has doubled since the last one (from `minimumPruneCount`), so that a
  /// long-lived scope that reads a model of each of many ended scopes (a server's run loop in a
  /// `withValues` scope, making a model per request) holds a bounded number, for O(1) amortized
  /// work per overlay made.
  ///
  /// ```swift
  /// let found = overlays.withLock { $0.node(for: captured, writes: writes) }
  /// ```
  ///
  /// Only touched under its scope's leaf lock, which loads no weak reference: loading one to a
  /// scope another thread is releasing could make the lock's holder release it last, and run its
  /// `deinit` (which releases values) under the lock. A lookup tells its scope's entry from that
  /// of an ended scope made at the same address by the captured node, which the entry holds (so
  /// that its address is not reused meanwhile); a prune loads the weak references after the
  /// lock.
  struct Overlays {
    /// The count at which the first prune runs, and the least at which any does.
    static let minimumPruneCount = 8

    private var entries: [ObjectIdentifier: Overlay] = [:]
    /// The entry found or kept last, one of `entries` (or `nil`): repeated reads of one model
    /// skip the hashing.
    private var recent: Overlay?
    /// The count at which `keep(_:for:writes:)` hands out the entries to prune: twice the count
    /// left by the last prune, or twice the count it was handed while it is under way (so that
    /// a pruning thread descheduled meanwhile holds back no other prune).
    private var pruneAt = minimumPruneCount

    /// The overlays held, those of ended scopes not yet pruned included.
    var count: Int { entries.count }

    /// The overlays' nodes.
    var nodes: [Node] { entries.values.map(\.node) }

    /// The overlay of `captured` made when its reader's chain had written `writes` times, if
    /// held.
    mutating func node(for captured: Scope, writes: UInt64) -> Node? {
      if let recent, recent.isOverlay(of: captured) {
        return recent.writes == writes ? recent.node : nil
      }
      guard let entry = entries[ObjectIdentifier(captured)], entry.isOverlay(of: captured) else {
        return nil
      }
      recent = entry
      return entry.writes == writes ? entry.node : nil
    }

    /// Keeps `made`, the overlay of `captured` for `writes`, unless a racing read kept one first;
    /// returns the node to read at, the entry it replaced (out of date, or of an ended scope made
    /// at `captured`'s address), to release after the lock, and, when a prune is due, the
    /// entries to prune (see `Scope.pruneEndedOverlays(of:)`).
    mutating func keep(_ made: Node, for captured: Scope, writes: UInt64) -> (
      kept: Node, replaced: Overlay?, due: [ObjectIdentifier: Overlay]?
    ) {
      let key = ObjectIdentifier(captured)
      let existing = entries[key]
      if let existing, existing.isOverlay(of: captured), existing.writes == writes {
        recent = existing
        return (existing.node, nil, nil)
      }
      let overlay = Overlay(captured: captured, writes: writes, node: made)
      entries[key] = overlay
      recent = overlay
      guard entries.count >= pruneAt else { return (made, existing, nil) }
      pruneAt = 2 * entries.count
      return (made, existing, entries)
    }

    /// Removes the entries of `ended` that are still held (a racing read may have replaced one),
    /// and sets the count of the next prune; returns the removed entries, to release after the
    /// lock.
    mutating func remove(_ ended: [ObjectIdentifier: Overlay]) -> [Overlay] {
      var removed: [Overlay] = []
      // A new dictionary rather than removals: its storage fits what is left.
      entries = entries.filter { key, entry in
        guard ended[key] === entry else { return true }
        removed.append(entry)
        return false
      }
      pruneAt = max(Self.minimumPruneCount, 2 * entries.count)
      recent = nil  // It may be one removed.
      return removed
    }
  }

  /// A node made for reads, from the scope that holds it, of `@Dependency` properties made in a
  /// scope `captured`, which it holds weakly.
  ///
  /// A class, so that a lookup copies one reference out of the dictionary, not a weak reference
  /// and two nodes.
  final class Overlay {
    /// `captured.lifetimeWitness`: `nil` once `captured` has ended. Loaded only after the lock
    /// (see `Overlays`).
    private weak var capturedLifetime: AnyObject?
    /// `captured`'s node: held, a node lends its address to no other scope's.
    let capturedNode: Node
    /// The write count of the reading scope's chain when `node` was made.
    let writes: UInt64
    let node: Node

    init(captured: Scope, writes: UInt64, node: Node) {
      capturedLifetime = captured.lifetimeWitness
      capturedNode = captured.node
      self.writes = writes
      self.node = node
    }

    /// Whether the captured scope has ended. Not under the lock (see `Overlays`).
    var capturedScopeHasEnded: Bool { capturedLifetime == nil }

    /// Whether this entry is `captured`'s, rather than that of an ended scope made at its
    /// address, without loading the weak reference.
    func isOverlay(of captured: Scope) -> Bool { capturedNode.isIdentical(to: captured.node) }
  }
}
