/// A `prepareDependencies` call in progress on a thread, for one tree: what its update reads is
/// its own until the commit, and the commit and the first reads of other threads are ordered by
/// the tree's lock, so that a key read before the commit is always kept and reported.
///
/// The update sees a copy of the values, as swift-dependencies' `DependencyValues` is a value: a
/// default it reads that no read computed yet is computed for it alone (no other thread sees it,
/// no table caches it: `Node.publish` caches nothing on a preparing thread), so the key stays
/// unread for everyone else. The commit then, in one step under the tree's lock, refuses each
/// key written whose default a read computed or is computing, in any of the contexts given
/// (before the call, during the update, or since), and makes the prepared value the default of
/// the others: a first read from then on gets it, even before it is set on the node. A default
/// the update computed for a key it did not write becomes the tree's, unless a read computed one
/// meanwhile.
///
/// ```swift
/// let (result, preparation) = try Preparation.run(at: target) { try update(&values) }
/// let refused = preparation.commit(written, in: [target.testContext])
/// ```
///
/// Used by the thread that runs the update only (`ThreadContext.preparation`).
package final class Preparation {
  /// The tree whose defaults the update reads as its own.
  let tree: Tree
  /// The defaults the update computed for itself, by key and context.
  private var own: [(key: ObjectIdentifier, context: TestContext?, box: AnyObject)] = []

  private init(tree: Tree) { self.tree = tree }

  /// Runs `update` on this thread as the update of a preparation of `node`'s tree.
  package static func run<Result>(at node: Node, _ update: () throws -> Result) rethrows
    -> (Result, Preparation)
  {
    let preparation = Preparation(tree: node.currentTree().tree)
    let context = ThreadContext.current
    let outer = context.preparation
    context.preparation = preparation
    defer { context.preparation = outer }
    return (try update(), preparation)
  }

  /// The default of `key` in `testContext` for the update: its own, made now by `make` if no
  /// read computed or is computing the tree's; `nil` when one did (the update reads the tree's).
  func ownDefault(
    of key: KeyInfo, in testContext: TestContext?, make: () -> AnyObject
  ) -> AnyObject? {
    if let made = own.last(where: { $0.key == key.id && $0.context === testContext }) {
      return made.box
    }
    guard case .idle = tree.withLock({ $0.defaults.state(of: key.id, in: testContext) }) else {
      return nil
    }
    let box = make()  // user code: no lock held
    own.append((key.id, testContext, box))
    return box
  }

  /// Commits the prepared `values` as the defaults of their keys in each of `contexts`, but for
  /// the keys a read computed (or is computing) a default of in one of them, which are returned.
  /// In a context that reads preview values, a default computed before is replaced, as
  /// swift-dependencies lets a preview prepare what it read.
  package func commit(
    _ values: [(id: ObjectIdentifier, box: AnyObject)], in contexts: [TestContext?]
  ) -> Set<ObjectIdentifier> {
    var seen: [TestContext?] = []
    for context in contexts where !seen.contains(where: { $0 === context }) { seen.append(context) }
    // Taken out of the lock in an optional that `DeferredRelease` empties: the only reference.
    var replaced: [OnceState]? = []
    let refused = tree.withLock { state in
      var refused: Set<ObjectIdentifier> = []
      for value in values {
        let read = seen.contains { context in
          switch state.defaults.state(of: value.id, in: context) {
          case .idle: false
          case .running: true
          case .done: context?.defaults != .previewValues
          }
        }
        if read {
          refused.insert(value.id)
          continue
        }
        for context in seen {
          state.defaults.withState(of: value.id, in: context) { once in
            replaced?.append(once)
            once = .done(value.box)
          }
        }
      }
      for made in own where !values.contains(where: { $0.id == made.key }) {
        state.defaults.withState(of: made.key, in: made.context) { once in
          if case .idle = once { once = .done(made.box) }
        }
      }
      return refused
    }
    // After the lock: the defaults replaced, and the update's own that did not become the tree's.
    var made = Optional(own)
    own = []
    DeferredRelease.release(&replaced)
    DeferredRelease.release(&made)
    return refused
  }
}
