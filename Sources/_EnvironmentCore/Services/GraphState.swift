import DependencyValues

/// The state of a `ServiceGraph`, under its lock: a plain value, changed by the graph's steps.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct GraphState {
  struct Entry {
    let name: String
    var state: ServiceState
    /// The services this one's start read (the edges of the graph).
    var reads: [ObjectIdentifier] = []
    /// The callers waiting for its start.
    var waiters: [CheckedContinuation<Void, any Error>] = []
    /// What its start threw.
    var failure: (any Error)?
    /// Stops the value its start made.
    var stop: (@Sendable () async throws -> Void)?
  }

  /// What a caller that needs a service does next.
  enum Step {
    /// Read its value: started, or set.
    case ready
    /// Wait for the start running in another task.
    case wait
    /// Run its start, in this task.
    case start
    /// Throw: its start failed, the graph is stopping, or waiting would close a cycle.
    case fail(any Error)
  }

  /// The outcome of registering a waiter.
  enum WaitOutcome {
    case waiting
    case started
    case failed(any Error)
  }

  var entries: [ObjectIdentifier: Entry] = [:]
  /// The services in the order they were first asked for.
  var order: [ObjectIdentifier] = []
  /// The services in the order their starts finished.
  var started: [ObjectIdentifier] = []
  /// For each start that waits for other services, those services (a start may wait for several
  /// at once, with `async let`).
  var waits: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
  /// Whether the services are stopping (or stopped): nothing starts any more.
  var isStopping = false

  /// Decides what a caller that needs service `id` does, recording the edge from `requester`.
  mutating func step(
    for id: ObjectIdentifier, name: String, isSet: Bool, requester: ObjectIdentifier?
  ) -> Step {
    if let requester, !(entries[requester]?.reads.contains(id) ?? true) {
      entries[requester]?.reads.append(id)
    }
    guard let entry = entries[id] else {
      order.append(id)
      if isSet {
        entries[id] = Entry(name: name, state: .set)
        return .ready
      }
      if isStopping {
        return .fail(ServiceMisuseError("\(name) was asked for while the services stop."))
      }
      entries[id] = Entry(name: name, state: .starting)
      // The requester waits for the start it runs as much as for one another task runs.
      if let requester { waits[requester, default: []].insert(id) }
      return .start
    }
    switch entry.state {
    case .running, .set, .stopping, .stopped:
      return .ready
    case .failed:
      return .fail(entry.failure ?? CancellationError())
    case .notStarted:
      entries[id]?.state = .starting
      if let requester { waits[requester, default: []].insert(id) }
      return .start
    case .starting:
      guard let requester else { return .wait }
      if let cycle = path(from: id, to: requester, visited: []) {
        return .fail(
          ServiceCycleError(keys: ([requester] + cycle).compactMap { entries[$0]?.name }))
      }
      waits[requester, default: []].insert(id)
      return .wait
    }
  }

  /// The chain of waits from `id` to `target` (both included), if `id` waits, directly or through
  /// the starts it waits for, for `target`: then `target` waiting for `id` closes a cycle.
  private func path(
    from id: ObjectIdentifier, to target: ObjectIdentifier, visited: Set<ObjectIdentifier>
  ) -> [ObjectIdentifier]? {
    if id == target { return [id] }
    guard !visited.contains(id) else { return nil }
    for next in waits[id] ?? [] {
      if let rest = path(from: next, to: target, visited: visited.union([id])) {
        return [id] + rest
      }
    }
    return nil
  }

  /// Records that `requester` no longer waits for `id`.
  mutating func endWait(of requester: ObjectIdentifier, for id: ObjectIdentifier) {
    waits[requester]?.remove(id)
    if waits[requester]?.isEmpty == true { waits[requester] = nil }
  }

  /// Registers a waiter for `id`'s start, unless it is over.
  mutating func addWaiter(_ waiter: CheckedContinuation<Void, any Error>, for id: ObjectIdentifier)
    -> WaitOutcome
  {
    guard let entry = entries[id] else { return .failed(CancellationError()) }
    switch entry.state {
    case .starting:
      entries[id]?.waiters.append(waiter)
      return .waiting
    case .failed:
      return .failed(entry.failure ?? CancellationError())
    default:
      return .started
    }
  }

  /// Records that `id` started, returning its waiters.
  mutating func finish(_ id: ObjectIdentifier, stop: @escaping @Sendable () async throws -> Void)
    -> [CheckedContinuation<Void, any Error>]
  {
    started.append(id)
    entries[id]?.state = .running
    entries[id]?.stop = stop
    defer { entries[id]?.waiters = [] }
    return entries[id]?.waiters ?? []
  }

  /// Records that `id`'s start threw `failure`, returning its waiters.
  mutating func fail(_ id: ObjectIdentifier, with failure: any Error)
    -> [CheckedContinuation<Void, any Error>]
  {
    entries[id]?.state = .failed
    entries[id]?.failure = failure
    defer { entries[id]?.waiters = [] }
    return entries[id]?.waiters ?? []
  }

  /// Begins stopping: nothing starts any more; returns the stops of the running services, last
  /// started first, and marks them stopping. Empty if stopping began before.
  mutating func beginStopping() -> [(ObjectIdentifier, String, @Sendable () async throws -> Void)] {
    guard !isStopping else { return [] }
    isStopping = true
    return started.reversed().compactMap { id in
      guard let entry = entries[id], entry.state == .running, let stop = entry.stop else {
        return nil
      }
      entries[id]?.state = .stopping
      return (id, entry.name, stop)
    }
  }
}
