import DependencyValues
import _EnvironmentCore

/// The services of one started environment: which started, which are starting and who waits for
/// whom, the order starts finished in, and how to stop each.
///
/// Each start runs in a task of its own, launched by the first caller that needs the service: a
/// key passed to `start(_:)`, or a start that reads it (`ServiceStart.start(_:)`). Every caller
/// waits for it on a continuation, which its own cancellation resumes; so a start is cancelled
/// only by the start-up's failure or cancellation, or by `stop`, never by one impatient reader.
/// Before a start waits, the graph follows the waits from the service it needs: reaching the
/// waiting start itself is a cycle, thrown into that start instead of waiting forever. When
/// start-up succeeds, the started values are set on the node in one write, so that reads after
/// it are plain reads; stopping removes them. Each service's state is a `ServiceLife`, changed
/// only by its transition function; once its services stopped (or its start-up failed), the
/// graph stays listed for the dependency tree while its handle, `RunningServices`, lives.
///
/// Starts and stops are user code: they run with no lock held. `@unchecked Sendable`: the node
/// is immutable, the state is only touched under its lock.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
package final class ServiceGraph: @unchecked Sendable {
  /// Where started values are set, and where set values are found.
  package let node: Node
  /// What starts read plain dependencies through: the node's.
  private let dependencies: Dependencies
  private let state = LockedValue<GraphState>.make(GraphState())
  /// What stopping gave, for every caller of `stop`.
  private let stopResult = OneShot<ServiceStopError?>()

  package init(node: Node) {
    self.node = node
    dependencies = node.dependencies()
  }

  /// Starts `keys` on a new graph for `node` (see `ServiceGraphs`), returning the running
  /// services. What both modules' `startServices` do.
  package static func start(
    _ keys: [any ServiceKey.Type], on node: Node, environment: String
  ) async throws -> RunningServices {
    try await ServiceGraphs.makeGraph(for: node, environment: environment).start(keys)
  }

  /// Starts `keys` (and every service their starts read), concurrently where they do not read
  /// each other, then sets the started values on the node. On failure or cancellation, stops
  /// what started, in reverse order, then throws the first failure (`ServiceStartError`, or
  /// `ServiceCycleError`), which carries the graph's handle. Returns that handle.
  func start(_ keys: [any ServiceKey.Type]) async throws -> RunningServices {
    do {
      state.withLock { $0.requested = keys.map { ObjectIdentifier($0) } }
      // Launch every start, so that they run concurrently; then wait until none runs.
      for key in keys {
        if case .start = step(for: KeyInfo(existential: key), requester: nil) { startTask(key) }
      }
      try await waitForStartUp()
      // Cancelled once the starts were over: start-up fails all the same, as it does when
      // cancelled earlier, so that a cancelled start-up always fails.
      if Task.isCancelled, let cancellation = cancellationError() { throw cancellation }
      node.setValues(state.withLock { $0.publish() })
    } catch {
      // The starts still running are cancelled; those that end within the deadline are stopped
      // in order with the others, after the services they read.
      cancelStarts()
      await waitUntilNoStartRuns(within: .seconds(10))
      _ = await stop(deadline: .seconds(10))
      // What a failed start-up throws: its failure, with the handle to the graph's states.
      guard var failure = error as? any StartUpFailure else {
        assertionFailure("start-up fails with a start's error or its cancellation: \(error)")
        throw error
      }
      failure.services = RunningServices(graph: self)
      throw failure
    }
    return RunningServices(graph: self)
  }

  /// The error of start-up's cancellation: `CancellationError` under the chain of starts it was
  /// waiting for (see `GraphState.startUpPosition`); `nil` when it started nothing.
  private func cancellationError() -> ServiceStartError? {
    // Named after the lock.
    let chain = state.withLock { $0.startUpPosition() }.map(\.name)
    guard let key = chain.last else { return nil }
    return ServiceStartError(key: key, chain: chain, underlying: CancellationError())
  }

  /// Waits until no start runs, or `deadline` passed.
  private func waitUntilNoStartRuns(within deadline: Duration) async {
    let idle = OneShot<Void>()
    state.withLock { state in
      state.idleWaiters.append(idle)
      return state.takeWake()  // woken at once if no start runs
    }.resume()
    let timer = Task {
      try? await Task.sleep(for: deadline)
      idle.resume(())
    }
    await idle.value
    timer.cancel()
  }

  /// What a caller that needs `key` does next. Whether a value is set for it on the node's path
  /// is looked up only for a key the graph has not met yet (a set key is recorded as such).
  private func step(for key: KeyInfo, requester: ObjectIdentifier?) -> GraphState.Step {
    let step = state.withLock { $0.step(for: key, isSet: nil, requester: requester) }
    guard case .checkWhetherSet = step else { return step }
    let isSet = node.hasValueSet(for: key)
    return state.withLock { $0.step(for: key, isSet: isSet, requester: requester) }
  }

  /// Waits until no start runs, or a requested service's start failed (then throws that);
  /// when cancelled, throws at once the error of the cancellation (see `cancellationError`), also
  /// when cancelled before it began waiting.
  private func waitForStartUp() async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
        state.withLock { $0.startUpWaiter = waiter }
        state.withLock { $0.takeWake() }.resume()  // start-up may be over already
      }
    } onCancel: {
      // Where start-up is, before its starts are cancelled (their waits then end).
      if let cancellation = cancellationError() {
        state.withLock { $0.failStartUp(with: cancellation) }.resume()
      }
      cancelStarts()
    }
  }

  /// The started (or set) value of `key`, starting it if needed; `requester` is the service
  /// whose start asks, if any.
  func value<Key: ServiceKey>(of key: Key.Type, requestedBy requester: ObjectIdentifier?)
    async throws -> Key.Value
  {
    let info = KeyInfo(key)
    let id = info.id
    // Its box, or `nil` when a value set for the key on the environment's path wins: the
    // service is not started.
    let box: AnyObject?
    switch step(for: info, requester: requester) {
    case .ready(let ready): box = ready
    case .fail(let error): throw error
    case .checkWhetherSet: preconditionFailure("a step is decided once whether a value is set")
    case .start:
      startTask(key)
      fallthrough
    case .wait:
      defer { if let requester { state.withLock { $0.endWait(of: requester, for: id) } } }
      box = try await waitForStart(of: id)
    }
    return box.map { Box<Key.Value>.unbox($0) } ?? node.read(key: key)
  }

  /// Runs `key`'s start in a task of its own.
  private func startTask<Key: ServiceKey>(_ key: Key.Type) {
    let id = ObjectIdentifier(key)
    let task = Task { await self.run(key, id: id) }
    // The task is kept, to be cancelled.
    state.withLock { _ = $0.entries[id]?.life.apply(.launched(task)) }
  }

  /// Runs `key`'s start, records its value, and wakes those waiting. A start that ends after
  /// the services began stopping is stopped at once.
  private func run<Key: ServiceKey>(_ key: Key.Type, id: ObjectIdentifier) async {
    let result: Result<StartedService, any Error>
    do {
      let value = try await key.start(
        ServiceStart(dependencies: dependencies, graph: self, requester: id))
      let dependencies = dependencies
      result = .success(
        StartedService(box: Box(value)) { try await key.stop(value, dependencies: dependencies) })
    } catch {
      result = .failure(Self.failure(of: KeyInfo(key).name, from: error))
    }
    let (waiters, stopNow, wake) = state.withLock { $0.end(id, with: result) }
    let outcome = result.map { StartedValue(box: $0.box) }
    for waiter in waiters { waiter.deliver(outcome) }
    wake.resume()
    if let stopNow {
      try? await stopNow.stop()
      _ = state.withLock { $0.stopEnded(id) }  // released after the lock
    }
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

  /// Waits until the service `id` has started (its box, `nil` when set), or throws what its
  /// start threw; throws `CancellationError` at once if the waiting task is cancelled.
  private func waitForStart(of id: ObjectIdentifier) async throws -> AnyObject? {
    // The waiter's token, for the cancellation handler to find it. `nonisolated(unsafe)`: only
    // touched under its lock.
    nonisolated(unsafe) let token = LockedValue<Int?>.make(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (waiter: CheckedContinuation<StartedValue, any Error>) in
        let (outcome, registered) = state.withLock { $0.addWaiter(waiter, for: id) }
        switch outcome {
        case .ready(let box): waiter.resume(returning: StartedValue(box: box))
        case .fail(let error): waiter.resume(throwing: error)
        case .wait, .start, .checkWhetherSet:
          token.withLock { $0 = registered }
          // Cancelled before the token was stored: the handler found nothing to resume.
          if Task.isCancelled { cancelWait(registered, of: id) }
        }
      }
    } onCancel: {
      if let registered = token.withLock({ $0 }) { cancelWait(registered, of: id) }
    }.box
  }

  /// Resumes the waiter `token` of `id` with `CancellationError`, unless it was resumed already.
  private func cancelWait(_ token: Int, of id: ObjectIdentifier) {
    state.withLock { $0.removeWaiter(token, of: id) }?.deliver(.failure(CancellationError()))
  }

  /// Cancels the starts still running.
  private func cancelStarts() {
    for task in state.withLock({ $0.entries.values.compactMap(\.life.task) }) { task.cancel() }
  }

  /// The state of the service whose key type is `id`.
  func state(of id: ObjectIdentifier) -> ServiceState {
    state.withLock { $0.entries[id]?.life.state ?? .notStarted }
  }

  /// The names of the services started, in the order they finished starting.
  var startOrder: [String] {
    // Named after the lock.
    state.withLock { state in state.started.compactMap { state.entries[$0]?.key } }.map(\.name)
  }

  /// The names of the services starting, running or stopping.
  var notStopped: [String] {
    let states: Set<ServiceState> = [.starting, .running, .stopping]
    let keys = state.withLock { state in
      state.order.compactMap { state.entries[$0] }.filter { states.contains($0.life.state) }
        .map(\.key)
    }
    return keys.map(\.name)  // named after the lock
  }

  /// The services, each with its state and the services its start read, as the dependency tree
  /// shows them.
  var attachments: [DumpAttachment] {
    let entries = state.withLock { state in
      state.order.compactMap { state.entries[$0] }.map { entry in
        (entry.key, entry.life.state, entry.reads.compactMap { state.entries[$0]?.key })
      }
    }
    // Named after the lock.
    return entries.map { key, state, reads in
      let reads = reads.map(\.name)
      return DumpAttachment(
        name: key.name, caption: "\(state)",
        line: "service \(key.name): \(state)"
          + (reads.isEmpty ? "" : ", its start read \(reads.joined(separator: ", "))"),
        links: reads, linkLabel: "start reads")
    }
  }

  /// Stops every started service in reverse order; what went wrong, if anything.
  func stop(deadline: Duration) async -> ServiceStopError? {
    guard let (stops, running) = state.withLock({ $0.beginStopping() }) else {
      return await stopResult.value  // a later caller: the first one's result
    }
    // Starts still running are cancelled; one that ends anyway stops itself (see `run`).
    for task in running { task.cancel() }
    let result = await StopRunner.run(stops, deadline: deadline) { id in
      _ = self.state.withLock { $0.stopEnded(id) }  // released after the lock
    }
    node.removeValues(of: state.withLock { $0.published })
    // Listed still, for the tree, while the handle lives; a new start-up may replace it now.
    ServiceGraphs.markOver(self)
    stopResult.resume(result)
    return result
  }
}
