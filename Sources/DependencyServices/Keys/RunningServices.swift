import DependencyValues
import _EnvironmentCore

/// An environment's started services: what `startServices(_:)` returns, to stop them, run them
/// until shutdown, and see their states. A failed start-up's error carries one too
/// (``ServiceStartError/services``), to see which service failed and which stopped.
///
/// ```swift
/// let services = try await app.startServices(Database.self, Mailer.self)
/// defer { Task { try await services.stop() } }
/// ```
///
/// Once the services stopped (or start-up failed), the environment's dependency tree still shows
/// them, stopped or failed, as long as this handle lives, or until the environment's services
/// start again.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class RunningServices: Sendable {
  private let graph: ServiceGraph

  init(graph: ServiceGraph) {
    self.graph = graph
  }

  deinit {
    // The graph, if over, need not be kept for the tree any more.
    ServiceGraphs.handleReleased(graph)
  }

  /// Where `key` is in its life: running once started, `set` when a value overrides it,
  /// `stopped` once stopped, `failed` when its start threw or was cancelled.
  ///
  /// ```swift
  /// #expect(services.state(of: Database.self) == .running)
  /// ```
  public func state<Key: ServiceKey>(of key: Key.Type) -> ServiceState {
    graph.state(of: ObjectIdentifier(key))
  }

  /// The services this environment started, in the order their starts finished (a service
  /// after every service its start read).
  ///
  /// ```swift
  /// services.startOrder  // ["Config", "Database", "Mailer"]
  /// ```
  public var startOrder: [String] { graph.startOrder }

  /// The services started that are not stopped: starting, running, or stopping (one whose stop
  /// overran its deadline stays stopping), in the order they were first asked for. Empty once
  /// ``stop(deadline:)`` returned without error: what a test checks to show that everything it
  /// started was stopped. (A start still running when `stop` began, one that another start
  /// launched after start-up and never awaited, is cancelled and stays `starting` until it ends.)
  ///
  /// ```swift
  /// try await services.stop()
  /// #expect(services.notStopped.isEmpty)
  /// ```
  public var notStopped: [String] { graph.notStopped }

  /// Stops every service started, in the reverse of the order they started (a service after
  /// every service whose start read it). Every stop runs, even when an earlier one throws; a stop
  /// still running after `deadline` is cancelled and left behind. Throws ``ServiceStopError``
  /// naming the services that threw or overran, after all stops ran. A second call (at the same
  /// time, or after ``run(until:deadline:)`` stopped them) stops nothing more: it waits for the
  /// first and throws what it threw.
  ///
  /// ```swift
  /// try await services.stop(deadline: .seconds(5))
  /// ```
  public func stop(deadline: Duration = .seconds(10)) async throws {
    if let error = await graph.stop(deadline: deadline) { throw error }
  }

  /// Keeps the services running until `shutdown` returns or throws (a graceful shutdown
  /// signal), or the calling task is cancelled, then stops them as ``stop(deadline:)`` does.
  /// This is the `run()` of a long-running service: under swift-service-lifecycle,
  ///
  /// ```swift
  /// struct AppServices: Service {
  ///   let services: RunningServices
  ///   func run() async throws {
  ///     try await services.run(until: { try await gracefulShutdown() })
  ///   }
  /// }
  /// ```
  ///
  /// `shutdown` runs in a task of its own (with the caller's task-local values), so that a
  /// cancellation stops the services even when `shutdown` does not end on it: `shutdown` is then
  /// cancelled too, and left behind.
  public func run(
    until shutdown: @escaping @Sendable () async throws -> Void, deadline: Duration = .seconds(10)
  ) async throws {
    let (ended, signal) = AsyncStream.makeStream(of: Void.self)
    let waiting = Task {
      try? await shutdown()
      signal.finish()
    }
    // Ends when `shutdown` did, or at once when this task is cancelled (an `AsyncStream`'s
    // iteration ends on its task's cancellation).
    for await _ in ended {}
    waiting.cancel()
    try await stop(deadline: deadline)
  }

  /// Keeps the services running until the calling task is cancelled, then stops them.
  ///
  /// ```swift
  /// let running = Task { try await services.run() }
  /// running.cancel()  // stops the services
  /// ```
  public func run(deadline: Duration = .seconds(10)) async throws {
    try await run(
      until: { while true { try await Task.sleep(for: .seconds(3_600)) } }, deadline: deadline)
  }
}
