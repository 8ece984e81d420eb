import ComposableEnvServices
import ComposableEnvTesting
import Foundation
import TestSupport
import Testing

// What the Services article and the services' doc comments promise, one promise per test: each
// test was written from the documentation, not from the code.

@Suite("Services as documented", .timeLimit(.minutes(10)))
struct ServiceContractTests {
  /// A root whose starts log to a log of the test's own.
  private func root() -> (ServiceRoot, ServiceLog) {
    let log = ServiceLog()
    return (ServiceRoot().with(ServiceLogKey.self, log), log)
  }

  // MARK: A cancelled start-up throws `ServiceStartError` with `CancellationError` underlying.

  @Test func aStartUpCancelledBeforeItBeginsThrowsAStartErrorOfCancellation() async {
    let (root, log) = root()
    // ServiceC's start does not check for cancellation: it starts, and start-up still fails.
    let startUp = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      _ = try await root.startServices(ServiceC.self)
    }
    let error = await startUpError(of: startUp)
    #expect(error?.underlying is CancellationError, "\(String(describing: error))")
    #expect(error?.key == "ServiceC")
    #expect(error?.chain == ["ServiceC"])
    #expect(log.stops() == log.starts().reversed())
  }

  @Test func aStartUpCancelledMidChainThrowsAStartErrorNamingTheStartsInProgress() async throws {
    let (root, log) = root()
    let startUp = Task { _ = try await root.startServices(ReadsSleeper.self) }
    try await untilLogged("Sleeper sleeps", in: log)
    startUp.cancel()
    let error = await startUpError(of: startUp)
    #expect(error?.underlying is CancellationError, "\(String(describing: error))")
    #expect(error?.key == "Sleeper")
    #expect(error?.chain == ["ReadsSleeper", "Sleeper"])
  }

  @Test func aStartUpCancelledAtAnyPointThrowsOnlyAStartErrorOfCancellation() async throws {
    // Cancelled 0, 1, … 24 ms in: before any start, between starts, and after the last (then
    // start-up may have returned: nothing to throw).
    for delay in 0..<25 {
      let (_, result) = try await cancelledChainStartUp(after: delay)
      guard case .failure(let error) = result else {
        #expect(result != nil, "start-up did not end (cancelled at \(delay) ms)")
        continue
      }
      let startError = error as? ServiceStartError
      #expect(startError?.underlying is CancellationError, "cancelled at \(delay) ms: \(error)")
    }
  }

  // MARK: After a failed start-up, the tree shows which failed and which stopped.

  @Test func aFailedStartUpShowsItsFailedAndStoppedServicesInTheTree() async {
    let (root, _) = root()
    do {
      _ = try await root.startServices(FailsAfterC.self)
      Issue.record("start-up did not fail")
    } catch {
      let tree = root.dependencyTree()
      #expect(tree.contains("service FailsAfterC: failed, its start read ServiceC"), "\(tree)")
      #expect(tree.contains("service ServiceC: stopped"), "\(tree)")
    }
  }

  @Test func aFailedStartUpsErrorGivesTheStatesOfItsServices() async {
    let (root, _) = root()
    do {
      _ = try await root.startServices(FailsAfterC.self)
      Issue.record("start-up did not fail")
    } catch let error as ServiceStartError {
      #expect(error.services?.state(of: FailsAfterC.self) == .failed)
      #expect(error.services?.state(of: ServiceC.self) == .stopped)
      #expect(error.services?.notStopped == [])
    } catch {
      Issue.record("start-up failed with \(error)")
    }
  }

  @Test func aFailedStartUpLeavesTheTreeWithItsError() async {
    let (root, _) = root()
    await #expect(throws: ServiceStartError.self) {
      _ = try await root.startServices(FailsAfterC.self)
    }
    #expect(!root.dependencyTree().contains("service FailsAfterC"))
  }

  // MARK: After `stop()`, the tree shows the services stopped.

  @Test func stoppedServicesStayInTheTreeAsStopped() async throws {
    let (root, _) = root()
    let services = try await root.startServices(ServiceA.self)
    try await services.stop()
    let tree = root.dependencyTree()
    #expect(tree.contains("service ServiceA: stopped, its start read ServiceB"), "\(tree)")
    #expect(tree.contains("service ServiceC: stopped"), "\(tree)")
    withExtendedLifetime(services) {}
  }

  @Test func stoppedServicesLeaveTheTreeWithTheirHandle() async throws {
    let (root, _) = root()
    do {
      let services = try await root.startServices(ServiceA.self)
      try await services.stop()
    }
    #expect(!root.dependencyTree().contains("service ServiceA"))
  }

  @Test func stoppedServicesWhoseHandleIsReleasedDoNotKeepTheirEnvironment() async throws {
    let live = LiveCount()
    do {
      let root = ServiceRoot().with(ServiceLogKey.self, ServiceLog())
      root.with(RootToken.self, LiveToken("set on the root", live))
      let services = try await root.startServices(ServiceA.self)
      try await services.stop()
    }
    #expect(live.count == 0, "the stopped services keep their environment's values alive")
  }

  @Test func startingAgainReplacesTheStoppedServicesInTheTree() async throws {
    let (root, _) = root()
    let first = try await root.startServices(ServiceA.self)
    try await first.stop()
    let second = try await root.startServices(ServiceC.self)
    let tree = root.dependencyTree()
    #expect(tree.contains("service ServiceC: running"), "\(tree)")
    #expect(!tree.contains("service ServiceA"), "\(tree)")
    try await second.stop()
    withExtendedLifetime(first) {}
  }

  // MARK: `run(until:)` stops the services when its task is cancelled.

  @Test func runStopsWhenItsTaskIsCancelledEvenIfShutdownIgnoresCancellation() async throws {
    let (root, log) = root()
    let services = try await root.startServices(ServiceA.self)
    let released = Shared(false)
    let waiting = Shared(false)
    let running = Task {
      try await services.run(until: {
        // A shutdown signal that ignores cancellation: it ends when the test lets it.
        waiting.value = true
        while !released.value { try? await Task.sleep(for: .milliseconds(5)) }
      })
    }
    #expect(await becomesTrueWhileSuspended { waiting.value }, "run waits for the shutdown")
    running.cancel()
    let result = await outcome(of: running)  // The default 120 s: ThreadSanitizer beside the suite.
    released.value = true
    #expect(result != nil, "run did not return when its task was cancelled")
    #expect(log.stops() == ["A", "B", "C"])
  }

  // MARK: A stop reads the environment's dependencies.

  @Test func aStopReadsTheDependenciesOfItsEnvironment() async throws {
    let (root, log) = root()
    let services = try await root.startServices(LogsItsStop.self)
    try await services.stop()
    #expect(log.all.contains("LogsItsStop stopped, ServiceC still readable: C"))
  }

  // MARK: A stopped service's value goes with its stop.

  @Test func aStoppedServicesValueIsReleasedWhileItsHandleLives() async throws {
    let live = LiveCount()
    let root = ServiceRoot().with(CountedServiceValues.self, live)
    let services = try await root.startServices(CountedService.self)
    #expect(live.count == 1)
    try await services.stop()
    #expect(live.count == 0, "the stopped value lives as long as the handle")
    withExtendedLifetime(services) {}
  }

  /// The `ServiceStartError` that `startUp` threw, recorded as an issue if it threw anything else
  /// or did not end.
  private func startUpError(of startUp: Task<Void, any Error>) async -> ServiceStartError? {
    switch await outcome(of: startUp) {
    case .failure(let error as ServiceStartError): return error
    case let other:
      Issue.record("start-up ended with \(String(describing: other))")
      return nil
    }
  }

  /// Waits until `log` has recorded `event`.
  private func untilLogged(_ event: String, in log: ServiceLog) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !log.all.contains(event) {
      guard ContinuousClock.now < deadline else {
        Issue.record("\(event) was not logged")
        return
      }
      try await Task.sleep(for: .milliseconds(1))
    }
  }
}

/// A service whose start sleeps until it is cancelled.
struct Sleeper: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String {
    services.log.record("Sleeper sleeps")
    try await Task.sleep(for: .seconds(3_600))
    return "slept"
  }
}

/// A service whose start reads `Sleeper`.
struct ReadsSleeper: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String {
    try await services.start(Sleeper.self)
  }
}

/// A service whose start reads ServiceC, then throws.
struct FailsAfterC: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String {
    _ = try await services.start(ServiceC.self)
    throw Failure(name: "FailsAfterC")
  }
}

/// A service whose stop logs through the environment's dependencies, and reads ServiceC, which
/// its start read, so stops after it.
struct LogsItsStop: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String {
    _ = try await services.start(ServiceC.self)
    return "logs its stop"
  }
  static func stop(_ value: String, dependencies: Dependencies) async throws {
    let c = dependencies[ServiceC.self].name
    dependencies[ServiceLogKey.self].record("LogsItsStop stopped, ServiceC still readable: \(c)")
  }
}

/// A value set on an environment, counted while alive.
struct RootToken: LiveInTests {
  static var defaultValue: LiveToken? { nil }
}

/// The count of `CountedService`'s values alive.
struct CountedServiceValues: LiveInTests {
  static var defaultValue: LiveCount { LiveCount() }
}

/// A service whose values are counted while alive.
struct CountedService: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> LiveToken {
    LiveToken("tracked", services.dependencies[CountedServiceValues.self])
  }
}
