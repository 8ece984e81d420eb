import DependencyValues

/// The services of one started environment: which started, which are starting and who waits for
/// whom, the order starts finished in, and how to stop each.
///
/// A service starts in the task of the first caller that needs it: one of `start(_:)`'s child
/// tasks, one per service asked for (so independent services start concurrently), or the task of
/// a start that read it (`ServiceStart.start(_:)`, so a service starts before the services whose
/// starts read it). Other callers wait for it on a continuation. Before a start waits, the graph
/// follows the waits from the service it needs: reaching the waiting start itself is a cycle,
/// thrown into that start instead of waiting forever. A started value is set on the node like any
/// value, so reads after start-up are plain reads.
///
/// Starts and stops are user code: they run with no lock held. `@unchecked Sendable`: the node
/// is immutable, the state is only touched under its lock.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
package final class ServiceGraph: ServiceStarting, ServiceGraphControl, @unchecked Sendable {
  /// Where started values are set, and where set values are found.
  package let node: Node
  private let state = LockedValue<GraphState>.make(GraphState())

  package init(node: Node) {
    self.node = node
  }

  /// Starts `keys` (and every service their starts read), concurrently where they do not read
  /// each other. On failure or cancellation, stops what started, in reverse order, then throws
  /// the ``ServiceStartError`` (or ``ServiceCycleError``) of the first failure.
  package func start(_ keys: [any ServiceKey.Type]) async throws {
    assert(ServiceGraphs.graph(of: node) === self, "a graph is listed while it starts")
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for key in keys {
          group.addTask { _ = try await self.value(of: key, requestedBy: nil) }
        }
        try await group.waitForAll()
      }
      try Task.checkCancellation()
    } catch {
      _ = await stop(deadline: .seconds(10))
      throw error
    }
  }

  /// Starts `keys` on a new graph for `node` (see `ServiceGraphs`), returning the running
  /// services. What both modules' `startServices` do.
  package static func start(
    _ keys: [any ServiceKey.Type], on node: Node, environment: String
  ) async throws -> RunningServices {
    let graph = try ServiceGraphs.makeGraph(for: node, environment: environment)
    try await graph.start(keys)
    return RunningServices(graph: graph)
  }

  package func value<Key: ServiceKey>(of key: Key.Type, requestedBy requester: ObjectIdentifier?)
    async throws -> Key.Value
  {
    let id = ObjectIdentifier(key)
    let name = KeyInfo(key).name
    // A value set for the key on the environment's path wins: the service is not started.
    let isSet = node.hasValueSet(for: KeyInfo(key))
    let step = state.withLock { $0.step(for: id, name: name, isSet: isSet, requester: requester) }
    switch step {
    case .ready:
      return node.read(key: key)
    case .fail(let error):
      throw error
    case .wait:
      try await waitForStart(of: id, requester: requester)
      return node.read(key: key)
    case .start:
      defer { if let requester { state.withLock { $0.endWait(of: requester, for: id) } } }
      return try await run(key, id: id, name: name)
    }
  }

  /// Runs `key`'s start in this task, sets its value on the node, and wakes those waiting.
  private func run<Key: ServiceKey>(_ key: Key.Type, id: ObjectIdentifier, name: String)
    async throws -> Key.Value
  {
    let value: Key.Value
    do {
      value = try await key.start(
        ServiceStart(dependencies: node.dependencies(), graph: self, requester: id))
    } catch {
      let failure = Self.failure(of: name, from: error)
      let waiters = state.withLock { $0.fail(id, with: failure) }
      for waiter in waiters { waiter.resume(throwing: failure) }
      throw failure
    }
    node.write(key: key, value)
    let waiters = state.withLock { $0.finish(id, stop: { try await key.stop(value) }) }
    for waiter in waiters { waiter.resume() }
    return value
  }

  /// What a failed start throws: its key in front of the chain of the start it read that
  /// failed, or a new chain.
  private static func failure(of name: String, from error: any Error) -> any Error {
    if let inner = error as? ServiceStartError {
      return ServiceStartError(
        key: inner.key, chain: [name] + inner.chain, underlying: inner.underlying)
    }
    if error is ServiceCycleError { return error }
    return ServiceStartError(key: name, chain: [name], underlying: error)
  }

  /// Waits until the service `id` has started, or throws what its start threw.
  private func waitForStart(of id: ObjectIdentifier, requester: ObjectIdentifier?) async throws {
    defer { if let requester { state.withLock { $0.endWait(of: requester, for: id) } } }
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      let outcome = state.withLock { $0.addWaiter(continuation, for: id) }
      switch outcome {
      case .waiting: break
      case .started: continuation.resume()
      case .failed(let error): continuation.resume(throwing: error)
      }
    }
  }

  package func state(of id: ObjectIdentifier) -> ServiceState {
    state.withLock { $0.entries[id]?.state ?? .notStarted }
  }

  package var startOrder: [String] {
    state.withLock { state in state.started.compactMap { state.entries[$0]?.name } }
  }

  /// The services and the services each one's start read, for the dependency tree.
  var services: [(name: String, state: ServiceState, reads: [String])] {
    state.withLock { state in
      state.order.compactMap { id in
        guard let entry = state.entries[id] else { return nil }
        return (entry.name, entry.state, entry.reads.compactMap { state.entries[$0]?.name })
      }
    }
  }

  package func stop(deadline: Duration) async -> ServiceStopError? {
    let stops = state.withLock { $0.beginStopping() }
    var failures: [(key: String, error: any Error)] = []
    var overdue: [String] = []
    for (id, name, stop) in stops {
      switch await Deadline.run(stop, within: deadline) {
      case .finished: break
      case .threw(let error): failures.append((name, error))
      case .overran: overdue.append(name)
      }
      state.withLock { $0.entries[id]?.state = .stopped }
    }
    ServiceGraphs.remove(self)
    return failures.isEmpty && overdue.isEmpty
      ? nil : ServiceStopError(failures: failures, overdue: overdue)
  }
}
