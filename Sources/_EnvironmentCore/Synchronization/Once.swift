/// The state of something made at most once: a tree's default value for a key, a parent's
/// derived environment. Stored by its owner, under the owner's lock.
package enum OnceState {
  /// Not made yet.
  case idle
  /// Being made, by the thread with this context.
  case running(ThreadContext)
  /// Made.
  case done(AnyObject)

  /// The value, if it was made.
  package var madeValue: AnyObject? { if case .done(let value) = self { value } else { nil } }
}

/// Makes values at most once without holding any lock while they are made.
///
/// The owner keeps a `OnceState` per value under its own (leaf) lock and passes an `access`
/// function that runs a closure on that state under the lock. The first thread to find `.idle`
/// marks it `.running`, releases the lock, runs `make` (user code) and stores `.done`. Other
/// threads that need the same value wait for it (and only for it); threads that need other
/// values never wait. A thread that needs the value it is making is reported (`recursion`); a
/// wait that lasts is reported once (see `WaitRoom`).
package enum Once {
  /// What a thread does next, decided under the owner's lock.
  private enum Step {
    case ready(AnyObject)
    case make
    case wait(for: ThreadContext)
  }

  /// The value, made by `make` if no thread has made it yet.
  ///
  /// - Parameters:
  ///   - work: What making the value is, for diagnostics.
  ///   - context: The calling thread's context.
  ///   - access: Runs its argument on the value's state, under the owner's lock.
  ///   - recursion: Reports a value that needs itself on this thread (by default, naming `work`).
  ///   - make: Makes the value; user code, run with no lock held.
  package static func value(
    of work: Work, in context: ThreadContext, access: ((inout OnceState) -> Void) -> Void,
    recursion: (() -> Never)? = nil, make: () -> AnyObject
  ) -> AnyObject {
    while true {
      var step = Step.make
      access { state in
        switch state {
        case .done(let value): step = .ready(value)
        case .idle:
          state = .running(context)
          step = .make
        case .running(let owner): step = .wait(for: owner)
        }
      }
      switch step {
      case .ready(let value):
        return value
      case .make:
        assertNoLibraryLockHeld("a default or an environment is about to be made")
        let value = make()
        access { state in
          // A reset (`Dependencies.reset()`) may have dropped the state meanwhile: then the
          // value is only returned, not stored.
          if case .running(let owner) = state, owner === context { state = .done(value) }
        }
        WaitRoom.wakeAll()
        return value
      case .wait(let owner):
        if owner === context {
          recursion?()
          reportMisuse(
            """
            \(work.description) needs itself: the code that makes it (a default value or an \
            environment's initializer) reads it again on the same thread. Break the cycle by \
            reading it somewhere else, or by setting a value with `with(_:_:)`.
            """)
        }
        context.awaiting(work, on: owner) {
          WaitRoom.wait(
            until: {
              var isDone = false
              access { state in
                if case .running(let current) = state, current === owner { return }
                isDone = true
              }
              return isDone
            },
            for: work, on: owner)
        }
      }
    }
  }
}
