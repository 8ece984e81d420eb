import DependencyValues

/// The state of a `ServiceGraph`, under its lock: a plain value, changed by the graph's steps.
/// No user code runs under the lock; names are made from keys after it, but for a cycle's.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct GraphState {
  typealias Waiter = any StartWaiter

  /// A class, so that the steps change an entry in place, found with one lookup.
  final class Entry {
    /// The service's key, named only when a message or the tree needs it.
    let key: KeyInfo
    var state: ServiceState
    /// The services this one's start read (the edges of the graph).
    var reads: [ObjectIdentifier] = []
    /// The callers waiting for its start, by token (see `addWaiter`).
    var waiters: [(token: Int, waiter: Waiter)] = []
    /// The task running its start, while it runs.
    var task: Task<Void, Never>?
    /// Its value, boxed, once started; `nil` for a set (overridden) service.
    var box: AnyObject?
    /// What its start threw.
    var failure: (any Error)?
    /// Stops the value its start made.
    var stop: (@Sendable () async throws -> Void)?

    init(key: KeyInfo, state: ServiceState) {
      self.key = key
      self.state = state
    }
  }

  /// What a caller that needs a service does next.
  enum Step {
    /// Take its value: started (the box), or set on the node (`nil`).
    case ready(AnyObject?)
    /// Wait for its start, running in a task of its own.
    case wait
    /// Launch its start in a task of its own, then wait for it.
    case start
    /// Throw: its start failed, the services are stopping, or waiting would close a cycle.
    case fail(any Error)
    /// Ask again, saying whether a value is set for it on the node (first met).
    case checkWhetherSet
  }

  /// How registering a waiter went.
  enum WaitOutcome {
    case waiting
    case ready(AnyObject?)
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
  /// The next waiter's token.
  var nextToken = 0
  /// Whether the services are stopping (or stopped): nothing starts any more.
  var isStopping = false
  /// What stopping gave, once over; and who waits for it meanwhile.
  var stopResult: ServiceStopError??
  var stopWaiters: [CheckedContinuation<ServiceStopError?, Never>] = []
  /// The started values set on the node, to remove when the services stop.
  var published: [KeyInfo] = []
  /// The services start-up was asked for: their failure is start-up's.
  var requested: Set<ObjectIdentifier> = []
  /// How many starts are running; start-up is over when none is, or when a requested one
  /// failed.
  var inFlight = 0
  /// The first failure of a requested service's start.
  var startUpFailure: (any Error)?
  /// Start-up, waiting for that.
  var startUpWaiter: (any StartUpWaiter)?
  /// A failed start-up, waiting (with a deadline) for the starts still running to end before
  /// it stops what started, by token.
  var idleWaiters: [(token: Int, waiter: any IdleWaiter)] = []

  /// The callers waiting for no start to run, when none runs.
  mutating func takeIdleWaiters() -> [any IdleWaiter] {
    guard inFlight == 0 else { return [] }
    defer { idleWaiters = [] }
    return idleWaiters.map(\.waiter)
  }

  /// Decides what a caller that needs service `key` does, recording the edge from `requester`
  /// and, when it will wait, that `requester` waits for it.
  mutating func step(for key: KeyInfo, isSet: Bool?, requester: ObjectIdentifier?) -> Step {
    let id = key.id
    guard let entry = entries[id] else {
      guard let isSet else { return .checkWhetherSet }
      recordRead(of: id, by: requester)
      order.append(id)
      if isSet {
        entries[id] = Entry(key: key, state: .set)
        return .ready(nil)
      }
      guard !isStopping else { return .fail(stoppingError(key)) }
      entries[id] = Entry(key: key, state: .starting)
      inFlight += 1
      if let requester { waits[requester, default: []].insert(id) }
      return .start
    }
    recordRead(of: id, by: requester)
    switch entry.state {
    case .set:
      return .ready(nil)
    case .running, .stopping, .stopped:
      return entry.box.map { .ready($0) } ?? .fail(stoppingError(key))
    case .failed:
      return .fail(entry.failure ?? CancellationError())
    case .notStarted:
      return .fail(stoppingError(key))
    case .starting:
      if let requester {
        var visited: Set<ObjectIdentifier> = []
        if let cycle = path(from: id, to: requester, visited: &visited) {
          let names = ([requester] + cycle).compactMap { entries[$0]?.key.name }
          return .fail(ServiceCycleError(keys: names))
        }
        waits[requester, default: []].insert(id)
      }
      return .wait
    }
  }

  /// Records the edge from `requester`'s start to `id`.
  private mutating func recordRead(of id: ObjectIdentifier, by requester: ObjectIdentifier?) {
    if let requester, let entry = entries[requester], !entry.reads.contains(id) {
      entry.reads.append(id)
    }
  }

  private func stoppingError(_ key: KeyInfo) -> ServiceMisuseError {
    ServiceMisuseError(
      "\(key.name) was asked for while the services stop: start services before stopping them.")
  }

  /// The chain of waits from `id` to `target` (both included), if `id` waits, directly or through
  /// the starts it waits for, for `target`: then `target` waiting for `id` closes a cycle. One
  /// `visited` set for the whole search: each start is looked at once.
  private func path(
    from id: ObjectIdentifier, to target: ObjectIdentifier, visited: inout Set<ObjectIdentifier>
  ) -> [ObjectIdentifier]? {
    if id == target { return [id] }
    guard visited.insert(id).inserted else { return nil }
    for next in waits[id] ?? [] {
      if let rest = path(from: next, to: target, visited: &visited) { return [id] + rest }
    }
    return nil
  }

  /// Records that `requester` no longer waits for `id`.
  mutating func endWait(of requester: ObjectIdentifier, for id: ObjectIdentifier) {
    waits[requester]?.remove(id)
    if waits[requester]?.isEmpty == true { waits[requester] = nil }
  }

  /// Registers `waiter` for `id`'s start, unless it is over; returns its token too.
  mutating func addWaiter(_ waiter: Waiter, for id: ObjectIdentifier) -> (WaitOutcome, Int) {
    nextToken += 1
    guard let entry = entries[id] else { return (.failed(CancellationError()), nextToken) }
    switch entry.state {
    case .starting:
      entry.waiters.append((nextToken, waiter))
      return (.waiting, nextToken)
    case .failed:
      return (.failed(entry.failure ?? CancellationError()), nextToken)
    default:
      return (.ready(entry.box), nextToken)
    }
  }

  /// Removes the waiter `token` of `id`, if still waiting, for the caller to resume.
  mutating func removeWaiter(_ token: Int, of id: ObjectIdentifier) -> Waiter? {
    guard let entry = entries[id],
      let index = entry.waiters.firstIndex(where: { $0.token == token })
    else { return nil }
    return entry.waiters.remove(at: index).waiter
  }

  /// Records that `id` started with `box`, returning its waiters, and whether stopping began
  /// meanwhile (then the caller stops it at once: it is marked stopping).
  mutating func finish(
    _ id: ObjectIdentifier, box: AnyObject, stop: @escaping @Sendable () async throws -> Void
  ) -> (waiters: [Waiter], stopNow: Bool, wake: Wake) {
    guard let entry = entries[id] else { preconditionFailure("a start that ends has its entry") }
    entry.box = box
    entry.stop = stop
    entry.task = nil
    entry.state = isStopping ? .stopping : .running
    if !isStopping { started.append(id) }
    inFlight -= 1
    defer { entry.waiters = [] }
    return (entry.waiters.map(\.waiter), isStopping, takeWake())
  }

  /// Who to wake when a start ends: start-up, if it is over, and those waiting for no start to
  /// run, if none runs.
  struct Wake {
    var startUp: (waiter: any StartUpWaiter, failure: (any Error)?)?
    var idle: [any IdleWaiter] = []

    func resume() {
      if let (waiter, failure) = startUp {
        waiter.deliver(failure.map { .failure($0) } ?? .success(()))
      }
      for waiter in idle { waiter.wake() }
    }
  }

  /// Takes who is to be woken now.
  mutating func takeWake() -> Wake {
    Wake(startUp: startUpIsOver(), idle: takeIdleWaiters())
  }

  /// Start-up's waiter, when start-up is over: no start runs, or a requested one failed.
  mutating func startUpIsOver() -> (any StartUpWaiter, (any Error)?)? {
    guard inFlight == 0 || startUpFailure != nil, let waiter = startUpWaiter else { return nil }
    startUpWaiter = nil
    return (waiter, startUpFailure)
  }

  /// Records that `id`'s start threw `failure`, returning its waiters.
  mutating func fail(_ id: ObjectIdentifier, with failure: any Error) -> ([Waiter], Wake) {
    guard let entry = entries[id] else { preconditionFailure("a start that ends has its entry") }
    entry.state = .failed
    entry.failure = failure
    entry.task = nil
    inFlight -= 1
    if requested.contains(id), startUpFailure == nil { startUpFailure = failure }
    defer { entry.waiters = [] }
    return (entry.waiters.map(\.waiter), takeWake())
  }

  /// The started values not set on the node yet, recorded as set.
  mutating func publish() -> [(key: KeyInfo, box: AnyObject)] {
    let values = started.compactMap { id -> (key: KeyInfo, box: AnyObject)? in
      guard let entry = entries[id], entry.state == .running, let box = entry.box,
        !published.contains(where: { $0.id == id })
      else { return nil }
      return (entry.key, box)
    }
    published += values.map(\.key)
    return values
  }

  /// Begins stopping, for the first caller: nothing starts any more; returns the running
  /// services' stops, last started first (each marked stopping), and the starts still running,
  /// to cancel. `nil` for a later caller, which waits for the first's result.
  mutating func beginStopping() -> (
    stops: [(id: ObjectIdentifier, key: KeyInfo, stop: @Sendable () async throws -> Void)],
    running: [Task<Void, Never>]
  )? {
    guard !isStopping else { return nil }
    isStopping = true
    let stops = started.reversed().compactMap {
      id -> (id: ObjectIdentifier, key: KeyInfo, stop: @Sendable () async throws -> Void)? in
      guard let entry = entries[id], entry.state == .running, let stop = entry.stop else {
        return nil
      }
      entry.state = .stopping
      return (id, entry.key, stop)
    }
    return (stops, entries.values.compactMap(\.task))
  }
}

/// A started service's value, boxed, handed to the callers waiting for it; `nil` for a set
/// (overridden) service, which they read from the node.
///
/// `@unchecked Sendable`: the box holds a key's value, which is `Sendable`, and is never
/// mutated.
struct StartedValue: @unchecked Sendable {
  let box: AnyObject?
}
