/// The children a parent made with `derived(_:)` and `derived(_:id:)`: one per type and id, each
/// made at most once.
///
/// An id is user code — its `hash(into:)`, `==` and `deinit` may read dependencies of the parent
/// — so none of it runs under the parent's lock. The lock guards only what compares without user
/// code: slots are filed by the child's type and the id's hash, computed before the lock; the ids
/// of the candidates are compared after it; a slot is added only if the table did not change in
/// between (`version`), else the lookup starts again. A slot is a reference, so a thread that found
/// it keeps it: a child being made when its slot is removed is still delivered to every thread
/// waiting for it, and the next lookup makes a new one ("one id, one child" at any time).
///
/// ```swift
/// let row = children.child(Row.self, id: AnyHashable(7)) { access in
///   // make the row once through the slot's once-state (`Once.value(…, access: access, …)`)
/// }
/// ```
///
/// `@unchecked Sendable`: slots and their states are only touched under `lock`.
package final class DerivedChildren: @unchecked Sendable {
  /// One child's place.
  package final class Slot: @unchecked Sendable {
    let type: Any.Type
    let id: AnyHashable?
    /// The child's once-state, under the owner's lock.
    var state: OnceState = .idle

    init(type: Any.Type, id: AnyHashable?) {
      self.type = type
      self.id = id
    }

    /// How diagnostics name the child: `derived(Type.self)` or `derived(Type.self, id: 7)`.
    /// Renders the id (user code): never called under a lock.
    package var label: String {
      let typeName = KeyInfo.displayName(of: type)
      return id.map { "derived(\(typeName).self, id: \(String(reflecting: $0.base)))" }
        ?? "derived(\(typeName).self)"
    }
  }

  /// Where slots are filed: compared without user code.
  private struct Bucket: Hashable {
    let typeID: ObjectIdentifier
    let idHash: Int

    /// The bucket of `type` and `id`: hashes the id (user code).
    init(_ type: Any.Type, _ id: AnyHashable?) {
      typeID = ObjectIdentifier(type)
      idHash = id?.hashValue ?? 0
    }
  }

  private struct Table {
    /// The slots, by type and id hash.
    var buckets: [Bucket: [Slot]] = [:]
    /// Bumped by every change of `buckets`, so that a lookup that compared ids outside the lock
    /// knows whether what it compared is still what is filed.
    var version: UInt64 = 0
  }

  /// The table, and the slots' states. A leaf lock.
  private let lock = LockedValue<Table>.make(Table())

  package init() {}

  /// The child of type `Child` for `id` (`nil`: the one child of that type), made by `derive`
  /// from the slot's once-state if no thread made it yet.
  ///
  /// `derive` gets an access function that runs its argument on the slot's state under the
  /// lock (for `Once.value`).
  package func child<Child: AnyObject>(
    _ type: Child.Type, id: AnyHashable?,
    derive: (_ access: ((inout OnceState) -> Void) -> Void) -> Child
  ) -> Child {
    let slot = slot(for: type, id: id)
    return derive { body in lock.withLock { _ in body(&slot.state) } }
  }

  /// Removes the child of type `type` for `id`; returns whether one was made or being made. A
  /// child being made is still delivered to the threads that wait for it, but not cached; the
  /// child is released after the lock, one link at a time.
  package func remove(_ type: Any.Type, id: AnyHashable?) -> Bool {
    var removed = removeSlot(type, id: id)
    guard removed != nil else { return false }
    DeferredRelease.release { removed.take() }
    return true
  }

  /// The slot of the child of type `type` for `id`, added if there is none. Runs the id's
  /// `hash(into:)` and `==` with no lock held.
  private func slot(for type: Any.Type, id: AnyHashable?) -> Slot {
    assertNoLibraryLockHeld("an id's hash(into:) and == are about to run")
    let bucket = Bucket(type, id)
    while true {
      let (candidates, seen) = lock.withLock { ($0.buckets[bucket] ?? [], $0.version) }
      if let found = candidates.first(where: { $0.id == id }) { return found }
      let fresh = Slot(type: type, id: id)
      let added = lock.withLock { table -> Bool in
        guard table.version == seen else { return false }
        table.buckets[bucket, default: []].append(fresh)
        table.version &+= 1
        return true
      }
      if added { return fresh }
      // Something was filed or removed meanwhile: look again. `fresh` and `candidates` are
      // released here, after the lock.
    }
  }

  /// Removes the slot of the child of type `type` for `id`, if any, and returns it (for the
  /// caller to release after the lock, with what it holds). Runs the id's `hash(into:)` and `==`
  /// with no lock held.
  private func removeSlot(_ type: Any.Type, id: AnyHashable?) -> Slot? {
    assertNoLibraryLockHeld("an id's hash(into:) and == are about to run")
    let bucket = Bucket(type, id)
    while true {
      let candidates = lock.withLock { $0.buckets[bucket] ?? [] }
      guard let found = candidates.first(where: { $0.id == id }) else { return nil }
      let removed = lock.withLock { table -> Bool? in
        guard let index = table.buckets[bucket]?.firstIndex(where: { $0 === found }) else {
          return false
        }
        // No child made or being made: nothing to remove. (A thread that found the slot may be
        // about to make its child; it stays filed, so that child is cached.)
        if case .idle = found.state { return nil }
        table.buckets[bucket]!.remove(at: index)
        if table.buckets[bucket]!.isEmpty { table.buckets[bucket] = nil }
        table.version &+= 1
        return true
      }
      switch removed {
      case true?: return found
      case nil: return nil
      case false?: continue  // removed meanwhile: a new slot for the same id may be filed
      }
    }
  }

  /// The children made so far, with their slots (to label them after the lock).
  package func madeChildren() -> [(slot: Slot, child: AnyObject)] {
    lock.withLock { table in
      table.buckets.values.flatMap { slots in
        slots.compactMap { slot in slot.state.madeValue.map { (slot, $0) } }
      }
    }
  }
}

extension Node {
  /// The derived children of this node's environment, made on first use.
  package var derivedChildren: DerivedChildren {
    withLock { state in
      if let children = state.derivedChildren { return children }
      let children = DerivedChildren()
      state.derivedChildren = children
      return children
    }
  }

  /// The derived children of this node's environment, if it derived any (for diagnostics, which
  /// make nothing).
  package var existingDerivedChildren: DerivedChildren? { withLock { $0.derivedChildren } }

  /// Moves the derived children out of the node, for the environment's `deinit` to release them.
  package func takeDerivedChildren() -> DerivedChildren? {
    withLock { state in state.derivedChildren.take() }
  }
}
