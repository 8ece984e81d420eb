import DependencyValues
import _EnvironmentCore

/// Where one service of a graph is in its life, with what each state holds: the graph's state
/// machine. The public `ServiceState` is a view of it (`state`), and every change goes through
/// `apply(_:)`, whose switch names each pair of state and event, so that a new state cannot be
/// added without saying what every event does to it.
///
/// ```
/// starting ─┬─ finished ───────────▶ running ─── stopBegan ──▶ stopping ─── stopEnded ──▶ stopped
///           ├─ finished (stopping began meanwhile) ─────────▶ stopping
///           └─ failed ─────────────▶ failed
/// set: a value is set for it on the node's path; never started nor stopped.
/// ```
///
/// Lives under the graph's lock (in `GraphState`): `apply` runs no user code and releases no
/// value; what a state lets go of is handed back in the effect, for the caller to release after
/// the lock.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ServiceLife {
  /// A value is set for the service on the node's path: it is read from there.
  case set
  /// Its start runs.
  case starting(PendingStart)
  /// Started: its value is read by later callers.
  case running(StartedService)
  /// Its stop runs (or overran its deadline); its value is still read.
  case stopping(StartedService)
  /// Stopped: its value was let go of.
  case stopped
  /// Its start threw (or was cancelled).
  case failed(any Error)

  /// What happens to a service.
  enum Event {
    /// Its start runs in `task` (kept, to be cancelled).
    case launched(Task<Void, Never>)
    /// A caller waits for its start; `token` finds the caller again.
    case waiterAdded(token: Int, waiter: any StartWaiter)
    /// The caller `token` gave up waiting (its task was cancelled).
    case waiterRemoved(token: Int)
    /// Its start returned: the value and its stop; `whileStopping`: the services began stopping
    /// meanwhile, so it stops at once.
    case finished(StartedService, whileStopping: Bool)
    /// Its start threw `error`.
    case failed(any Error)
    /// The services began stopping.
    case stopBegan
    /// Its stop ended.
    case stopEnded
  }

  /// What a change hands back, for the caller to do after the lock.
  struct Effect {
    /// Callers waiting for the start, to resume with its outcome (`finished`, `failed`).
    var waiters: [any StartWaiter] = []
    /// The waiter removed, to resume; `nil` if it was resumed already (`waiterRemoved`).
    var removed: (any StartWaiter)?
    /// The stop to run now.
    var stop: StartedService?
    /// What the state let go of: released by the caller after the lock.
    var released: StartedService?
  }

  /// The state `RunningServices.state(of:)` and the dependency tree show.
  var state: ServiceState {
    switch self {
    case .set: .set
    case .starting: .starting
    case .running: .running
    case .stopping: .stopping
    case .stopped: .stopped
    case .failed: .failed
    }
  }

  /// The task running its start, while it runs.
  var task: Task<Void, Never>? {
    if case .starting(let pending) = self { pending.task } else { nil }
  }

  /// The one transition function: applies `event`, returning what the caller does next.
  ///
  /// ```swift
  /// let effect = entry.life.apply(.finished(started, whileStopping: false))
  /// for waiter in effect.waiters { waiter.deliver(.success(StartedValue(box: started.box))) }
  /// ```
  mutating func apply(_ event: Event) -> Effect {
    var effect = Effect()
    switch (self, event) {
    case (.starting(let pending), .launched(let task)):
      pending.task = task
    case (.set, .launched), (.running, .launched), (.stopping, .launched), (.stopped, .launched),
      (.failed, .launched):
      break  // The start ended before its task was stored: nothing to cancel.

    case (.starting(let pending), .waiterAdded(let token, let waiter)):
      pending.waiters.append((token, waiter))
    case (.set, .waiterAdded), (.running, .waiterAdded), (.stopping, .waiterAdded),
      (.stopped, .waiterAdded), (.failed, .waiterAdded):
      break  // Over since the caller decided to wait: it is told the outcome instead.

    case (.starting(let pending), .waiterRemoved(let token)):
      if let index = pending.waiters.firstIndex(where: { $0.token == token }) {
        effect.removed = pending.waiters.remove(at: index).waiter
      }
    case (.set, .waiterRemoved), (.running, .waiterRemoved), (.stopping, .waiterRemoved),
      (.stopped, .waiterRemoved), (.failed, .waiterRemoved):
      break  // Resumed when the start ended.

    case (.starting(let pending), .finished(let started, let whileStopping)):
      effect.waiters = pending.waiters.map(\.waiter)
      self = whileStopping ? .stopping(started) : .running(started)
      if whileStopping { effect.stop = started }
    case (.starting(let pending), .failed(let error)):
      effect.waiters = pending.waiters.map(\.waiter)
      self = .failed(error)
    case (.set, .finished), (.running, .finished), (.stopping, .finished), (.stopped, .finished),
      (.failed, .finished), (.set, .failed), (.running, .failed), (.stopping, .failed),
      (.stopped, .failed), (.failed, .failed):
      InternalCheck.require(false, "a service's start ends once, while it is starting")

    case (.running(let started), .stopBegan):
      self = .stopping(started)
      effect.stop = started
    case (.starting, .stopBegan):
      break  // Its start is cancelled; if it ends anyway, it stops at once (`whileStopping`).
    case (.set, .stopBegan), (.stopping, .stopBegan), (.stopped, .stopBegan), (.failed, .stopBegan):
      break  // Nothing of the graph's to stop.

    case (.stopping(let started), .stopEnded):
      self = .stopped
      effect.released = started
    case (.set, .stopEnded), (.starting, .stopEnded), (.running, .stopEnded),
      (.stopped, .stopEnded), (.failed, .stopEnded):
      InternalCheck.require(false, "a stop ends for a service that is stopping")
    }
    return effect
  }
}

/// A start in progress: the task running it, and the callers waiting for it, by token. A class,
/// so that a waiter is added in place.
///
/// `@unchecked Sendable`: only touched under the graph's lock.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class PendingStart: @unchecked Sendable {
  var task: Task<Void, Never>?
  var waiters: [(token: Int, waiter: any StartWaiter)] = []
}

/// A started service's value, boxed, and how to stop it (its key's `stop(_:dependencies:)`).
///
/// `@unchecked Sendable`: the box holds a key's value, which is `Sendable`, and is never
/// mutated.
struct StartedService: @unchecked Sendable {
  let box: AnyObject
  let stop: @Sendable () async throws -> Void
}
