import DependencyValues
import _EnvironmentCore

/// The state of a `ServiceGraph`, under its lock: a plain value, changed by the graph's steps.
/// Each service's own state is a `ServiceLife`, changed only by its one transition function
/// (`ServiceLife.apply`); this value keeps what the services share: the order they were asked
/// for and started in, who waits for whom, start-up and stopping. No user code runs under the
/// lock and no value is released under it; names are made from keys after it, but for a cycle's.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct GraphState {
  typealias Waiter = any StartWaiter

  /// A class, so that the steps change an entry in place, found with one lookup.
  final class Entry {
    /// The service's key, named only when a message or the tree needs it.
    let key: KeyInfo
    var life: ServiceLife
    /// The services this one's start read (the edges of the graph).
    var reads: [ObjectIdentifier] = []

    init(key: KeyInfo, life: ServiceLife) {
      self.key = key
      self.life = life
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
  /// The started values set on the node, to remove when the services stop.
  var published: [KeyInfo] = []
  /// The services start-up was asked for, in the order asked: their failure is start-up's.
  var requested: [ObjectIdentifier] = []
  /// How many starts are running; start-up is over when none is, or when it failed.
  var inFlight = 0
  /// Why start-up failed: the first failure of a requested service's start, or its
  /// cancellation.
  var startUpFailure: (any Error)?
  /// Start-up, waiting for that.
  var startUpWaiter: (any StartUpWaiter)?
  /// A failed start-up, waiting (with a deadline) for the starts still running to end before
  /// it stops what started. One woken by its deadline stays listed until no start runs: waking
  /// it again does nothing.
  var idleWaiters: [OneShot<Void>] = []

  /// Decides what a caller that needs service `key` does, recording the edge from `requester`
  /// and, when it will wait, that `requester` waits for it.
  mutating func step(for key: KeyInfo, isSet: Bool?, requester: ObjectIdentifier?) -> Step {
    let id = key.id
    guard let entry = entries[id] else {
      guard let isSet else { return .checkWhetherSet }
      recordRead(of: id, by: requester)
      order.append(id)
      if isSet {
        entries[id] = Entry(key: key, life: .set)
        return .ready(nil)
      }
      guard !isStopping else { return .fail(stoppingError(key)) }
      entries[id] = Entry(key: key, life: .starting(PendingStart()))
      inFlight += 1
      if let requester { waits[requester, default: []].insert(id) }
      return .start
    }
    recordRead(of: id, by: requester)
    guard case .starting = entry.life, let requester else { return outcome(of: entry) }
    var visited: Set<ObjectIdentifier> = []
    if let cycle = path(from: id, to: requester, visited: &visited) {
      let names = ([requester] + cycle).compactMap { entries[$0]?.key.name }
      return .fail(ServiceCycleError(keys: names))
    }
    waits[requester, default: []].insert(id)
    return .wait
  }

  /// What a caller that needs `entry`'s service is told now: its value, to wait while it
  /// starts, or to throw.
  private func outcome(of entry: Entry) -> Step {
    switch entry.life {
    case .set: .ready(nil)
    case .starting: .wait
    case .running(let started), .stopping(let started): .ready(started.box)
    case .stopped: .fail(stoppingError(entry.key))
    case .failed(let error): .fail(error)
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
      description:
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

  /// Registers `waiter` for `id`'s start, unless it is over: `wait`, or what to do instead
  /// (`ready`, `fail`); returns its token too.
  mutating func addWaiter(_ waiter: Waiter, for id: ObjectIdentifier) -> (Step, Int) {
    nextToken += 1
    guard let entry = entries[id] else { preconditionFailure("a caller waits for what it asked") }
    _ = entry.life.apply(.waiterAdded(token: nextToken, waiter: waiter))
    return (outcome(of: entry), nextToken)
  }

  /// Removes the waiter `token` of `id`, if still waiting, for the caller to resume.
  mutating func removeWaiter(_ token: Int, of id: ObjectIdentifier) -> Waiter? {
    entries[id]?.life.apply(.waiterRemoved(token: token)).removed
  }

  /// Records that `id`'s start ended, with its value and stop or with what it threw. Returns its
  /// waiters, who to wake, and, when it started after stopping began, its stop, for the caller
  /// to run at once (it is then stopping).
  mutating func end(
    _ id: ObjectIdentifier, with result: Result<StartedService, any Error>
  ) -> (waiters: [Waiter], stopNow: StartedService?, wake: Wake) {
    guard let entry = entries[id] else { preconditionFailure("a start that ends has its entry") }
    let effect: ServiceLife.Effect
    switch result {
    case .success(let service):
      effect = entry.life.apply(.finished(service, whileStopping: isStopping))
      if !isStopping { started.append(id) }
    case .failure(let failure):
      effect = entry.life.apply(.failed(failure))
      if startUpFailure == nil, requested.contains(id) { startUpFailure = failure }
    }
    inFlight -= 1
    return (effect.waiters, effect.stop, takeWake())
  }

  /// Who to wake when a start ends: start-up, if it is over, and those waiting for no start to
  /// run, if none runs.
  struct Wake {
    var startUp: (waiter: any StartUpWaiter, failure: (any Error)?)?
    var idle: [OneShot<Void>] = []

    func resume() {
      if let (waiter, failure) = startUp {
        waiter.deliver(failure.map { .failure($0) } ?? .success(()))
      }
      for waiter in idle { waiter.resume(()) }
    }
  }

  /// Takes who is to be woken now: start-up's waiter, when start-up is over (no start runs, or
  /// it failed), and those waiting for no start to run, when none runs.
  mutating func takeWake() -> Wake {
    var wake = Wake()
    if inFlight == 0 || startUpFailure != nil, let waiter = startUpWaiter {
      startUpWaiter = nil
      wake.startUp = (waiter, startUpFailure)
    }
    if inFlight == 0 { swap(&wake.idle, &idleWaiters) }
    return wake
  }

  /// Fails start-up with `failure` (its cancellation), unless it failed already; returns who to
  /// wake.
  mutating func failStartUp(with failure: any Error) -> Wake {
    if startUpFailure == nil { startUpFailure = failure }
    return takeWake()
  }

  /// Where start-up is, for the error of its cancellation: the first service it asked for that
  /// is still starting, then each start that one waits for (the first it read), down to one
  /// that waits for none; or, when none of them is starting, the first service it asked for.
  /// Empty when it asked for none.
  func startUpPosition() -> [KeyInfo] {
    let starting = requested.first { entries[$0]?.life.state == .starting }
    guard let first = starting ?? requested.first else { return [] }
    var chain = [first]
    while let last = chain.last,
      let next = entries[last]?.reads.first(where: {
        waits[last]?.contains($0) == true && !chain.contains($0)
      })
    {
      chain.append(next)
    }
    return chain.compactMap { entries[$0]?.key }
  }

  /// The started values, recorded as set on the node: once, when start-up succeeded.
  mutating func publish() -> [(key: KeyInfo, box: AnyObject)] {
    let values = started.compactMap { id -> (key: KeyInfo, box: AnyObject)? in
      guard let entry = entries[id], case .running(let service) = entry.life else { return nil }
      return (entry.key, service.box)
    }
    published = values.map(\.key)
    return values
  }

  /// Begins stopping, for the first caller: nothing starts any more; returns the running
  /// services' stops, last started first (each one now stopping), and the starts still running,
  /// to cancel. `nil` for a later caller, which waits for the first's result.
  mutating func beginStopping() -> (stops: [StopRunner.Stop], running: [Task<Void, Never>])? {
    guard !isStopping else { return nil }
    isStopping = true
    let stops = started.reversed().compactMap { id -> StopRunner.Stop? in
      guard let entry = entries[id], let service = entry.life.apply(.stopBegan).stop else {
        return nil
      }
      return (id, entry.key, service.stop)
    }
    return (stops, entries.values.compactMap(\.life.task))
  }

  /// Records that `id`'s stop ended; returns what its state let go of, for the caller to release
  /// after the lock.
  mutating func stopEnded(_ id: ObjectIdentifier) -> StartedService? {
    entries[id]?.life.apply(.stopEnded).released
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
