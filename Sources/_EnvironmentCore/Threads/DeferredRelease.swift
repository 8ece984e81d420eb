/// Releases objects iteratively, so that releasing a long chain (a root environment with 100,000
/// descendants, or the last environment of a chain whose nodes hold their parents) never
/// overflows the stack.
///
/// An object whose `deinit` would release the next link of a chain moves that link here
/// instead. The outermost call on a thread releases it and then, one by one, every link moved
/// here while it did: the recursion becomes a loop.
package enum DeferredRelease {
  /// Releases the object that `take` moves out of its owner (the only remaining reference), now
  /// or, while this thread is already releasing, as soon as the current release returns.
  ///
  /// ```swift
  /// deinit { DeferredRelease.release { child.take() } }
  /// ```
  package static func release(_ take: () -> AnyObject?) {
    ThreadContext.withCurrent { context in release(take, in: context) }
  }

  private static func release(_ take: () -> AnyObject?, in context: ThreadContext) {
    if context.isDraining {
      if let object = take() { context.releaseQueue.append(object) }
      return
    }
    assert(context.releaseQueue.isEmpty, "the queue is drained before draining stops")
    context.isDraining = true
    defer { context.isDraining = false }
    var next = take()
    while next != nil {
      next = nil  // the last reference: its deinit may queue more
      next = context.releaseQueue.popLast()
    }
  }
}

extension OnceState {
  /// Moves the value out, leaving the state idle.
  package mutating func takeValue() -> AnyObject? {
    defer { self = .idle }
    if case .done(let value) = self { return value }
    return nil
  }
}
