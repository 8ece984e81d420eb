import _EnvironmentAtomics

/// Releases iteratively what a release releases, so that a chain of any length — a root
/// environment with 100,000 descendants, the last environment of a chain whose nodes hold their
/// parents, a value whose `deinit` writes a fresh value of its kind that the next write replaces —
/// runs with a constant stack depth.
///
/// Every place where the core releases what may end a chain goes through here: a node's state
/// (its values, derived children and parent), the values a write replaced, a freed read table,
/// a derived child taken out. The outermost call on a thread releases its item and then, one by
/// one, every item queued while it did: a `deinit` that writes, releases an environment or frees
/// a table queues what that would release instead of releasing it on its own stack. Such a
/// nested write therefore returns before the value it replaced is released; the outermost
/// release on the thread releases it before returning.
package enum DeferredRelease {
  /// What is pending on a thread: two cases of one word each, so that queuing and draining
  /// move words (a case holding `Any` cost a value witness call per move, about 200 instructions
  /// a release).
  enum Pending {
    /// An object whose last reference this is (values a write replaced come boxed in a
    /// `ReleasedValues`).
    case object(AnyObject)
    /// A read table no reader can be using (see `Reclamation`).
    case table(ReadTable)
  }

  /// Releases the object that `take` moves out of its owner (the only remaining reference), now
  /// or, while this thread is already releasing, as soon as the current release returns.
  ///
  /// ```swift
  /// deinit { DeferredRelease.release { child.take() } }
  /// ```
  package static func release(_ take: () -> AnyObject?) {
    ThreadContext.withCurrent { context in
      guard let object = take() else { return }
      run(.object(consume object), in: context)
    }
  }

  /// Frees `table`, now or as soon as the current release on this thread returns.
  ///
  /// ```swift
  /// DeferredRelease.destroy(retiredTable)
  /// ```
  static func destroy(_ table: ReadTable) {
    ThreadContext.withCurrent { context in run(.table(table), in: context) }
  }

  /// Releases the values `values` holds, taking them out of it (it is `nil` afterwards, so the
  /// caller holds no reference that would be released later, wherever the optimizer ends its
  /// lifetime), now or, while this thread is already releasing, as soon as the current release
  /// returns.
  ///
  /// ```swift
  /// var replaced: [AnyObject]? = withLock { $0.takeValues() }
  /// DeferredRelease.release(&replaced)
  /// ```
  static func release<Values>(_ values: inout Values?) {
    guard let taken = values.take() else { return }
    let context = ThreadContext.current
    guard environment_draining_load() else {
      // Not nested: released here, in a drain, without boxing them.
      environment_draining_store(true)
      _ = consume taken
      drain(context)
      return
    }
    context.releaseQueue.append(.object(ReleasedValues(taken)))
  }

  /// Releases the state of a node being freed (its values, derived children and parent: possibly
  /// the next link of a chain), which `state` points at, now or, while this thread is already
  /// releasing, as soon as the current release returns. `state` is left deinitialized.
  ///
  /// ```swift
  /// deinit { withUnsafeMutablePointerToElements { DeferredRelease.release(state: $0) } }
  /// ```
  ///
  /// The state is deinitialized by an explicit call, before the drain, not handed over as a
  /// `consuming` value: an optimized build moved the end of such a value's lifetime (a generic
  /// over noncopyable values) past the drain, onto the releasing thread's stack, and a chain of a
  /// million values recursed there.
  static func release(state: UnsafeMutablePointer<NodeState>) {
    let context = ThreadContext.current
    guard environment_draining_load() else {
      environment_draining_store(true)
      state.deinitialize(count: 1)
      drain(context)
      return
    }
    context.releaseQueue.append(.object(ReleasedState(state.move())))
  }

  private static func run(_ first: consuming Pending, in context: ThreadContext) {
    if environment_draining_load() {
      context.releaseQueue.append(first)
      return
    }
    environment_draining_store(true)
    first.finish()
    _ = consume first
    drain(context)
  }

  /// Finishes every queued item, then stops draining. The thread is draining.
  private static func drain(_ context: ThreadContext) {
    assert(environment_draining_load(), "only a draining thread drains")
    defer { environment_draining_store(false) }
    while !context.releaseQueue.isEmpty {
      // The item taken out is the last reference: released at the end of this statement, while
      // draining (its `deinit` may queue more).
      context.releaseQueue.removeLast().finish()
    }
  }
}

/// Values a write replaced, queued while the thread is already releasing (see
/// `DeferredRelease.release(_:)`): released with the box.
private final class ReleasedValues<Values> {
  let values: Values
  init(_ values: consuming Values) { self.values = values }
}

/// A node's state queued while the thread is already releasing (see
/// `DeferredRelease.release(state:)`): released with the box.
private final class ReleasedState {
  let state: NodeState
  init(_ state: consuming NodeState) { self.state = state }
}

extension DeferredRelease.Pending {
  /// Frees a table; an object or values are released by dropping this item.
  fileprivate func finish() { if case .table(let table) = self { table.destroy() } }
}

extension OnceState {
  /// Moves the value out, leaving the state idle.
  package mutating func takeValue() -> AnyObject? {
    defer { self = .idle }
    return madeValue
  }
}
