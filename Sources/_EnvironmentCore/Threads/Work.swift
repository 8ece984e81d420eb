/// Something a thread is doing that another thread may wait for, or that may need itself: what
/// diagnostics of cycles and long waits name. Trivial (metatypes only), so that recording it
/// costs no reference counting.
package enum Work {
  /// Computing the default value of a key.
  case defaultValue(KeyInfo)
  /// Creating a derived environment of a type (in a parent environment of a type).
  case derivation(child: Any.Type, parent: Any.Type?)

  /// How diagnostics name the work.
  package var description: String {
    switch self {
    case .defaultValue(let key): "the default value of \(key.name)"
    case .derivation(let child, let parent):
      parent.map {
        "creating \(KeyInfo.displayName(of: child)) derived from \(KeyInfo.displayName(of: $0))"
      } ?? "creating \(KeyInfo.displayName(of: child))"
    }
  }

  /// The key, for the computation of a default.
  var defaultKey: KeyInfo? { if case .defaultValue(let key) = self { key } else { nil } }
}

/// What a thread is doing, as other threads' diagnostics see it: the defaults it is computing
/// (outermost first) and what it waits for.
struct WorkInProgress {
  var defaults: [Work] = []
  var awaiting: (work: Work, owner: ThreadContext)?
}

extension ThreadContext {
  /// Whether this thread waits for work of another thread (a default, an environment being
  /// made): what a test that must know a thread waits checks, instead of sleeping.
  ///
  /// ```swift
  /// #expect(becomesTrue { waiter.isAwaitingWork })
  /// ```
  package var isAwaitingWork: Bool { workLock.withLock { $0.awaiting != nil } }

  /// Runs `body` with this thread recorded as waiting for `work` on `owner`.
  func awaiting<Result>(_ work: Work, on owner: ThreadContext, _ body: () -> Result) -> Result {
    workLock.withLock { $0.awaiting = (work, owner) }
    defer {
      let finished = workLock.withLock { $0.awaiting.take() }
      withExtendedLifetime(finished) {}
    }
    return body()
  }

  /// Runs `compute` with the default of `key` recorded as in progress on this thread, unless
  /// this thread is already computing it (in any tree): then calls `recursion` with the defaults
  /// in progress from that one on.
  func performingDefault(
    of key: KeyInfo, _ compute: () -> AnyObject, recursion: ([Work]) -> Never
  ) -> AnyObject {
    let cycle = workLock.withLock { work -> [Work]? in
      if let start = work.defaults.firstIndex(where: { $0.defaultKey?.id == key.id }) {
        return Array(work.defaults[start...])
      }
      work.defaults.append(.defaultValue(key))
      return nil
    }
    if let cycle { recursion(cycle) }
    defer { workLock.withLock { _ = $0.defaults.removeLast() } }
    return compute()
  }
}

/// The diagnostic printed once when a thread has waited ≈2 s for work on another thread: the
/// awaited work and, for every thread, what it is doing. A cycle across threads shows up as
/// threads waiting for each other.
func longWaitDiagnostic(waitingFor awaited: Work, on owner: ThreadContext, seconds: Int) -> String {
  var lines = [
    """
    swift-composable-env: \(ThreadContext.current.label) has waited \(seconds) s for \
    \(awaited.description), in progress on \(owner.label). If that work waits, directly or \
    through other threads, for this thread, the program is deadlocked: a default value or an \
    environment initializer must not wait for another thread that needs the same dependency or \
    environment. Work in progress, by thread:
    """
  ]
  for context in ThreadContext.all {
    let work = context.workLock.withLock { $0 }
    var parts = work.defaults.map(\.description)
    if let (awaitedWork, awaitedOwner) = work.awaiting {
      parts.append("waiting for \(awaitedWork.description) on \(awaitedOwner.label)")
    }
    guard !parts.isEmpty else { continue }
    lines.append("  \(context.label): " + parts.joined(separator: " → "))
  }
  lines.append("This thread keeps waiting; this message is printed once per wait.")
  return lines.joined(separator: "\n")
}
