import ComposableEnvServices
import ComposableEnvTesting
import Foundation
import TestSupport
import Testing

@Suite("Services in the tree", .timeLimit(.minutes(10)))
struct ServiceTests {
  /// A root whose starts log to a log of the test's own.
  private func root(_ log: ServiceLog = ServiceLog()) -> (ServiceRoot, ServiceLog) {
    let root = ServiceRoot()
    root.with(ServiceLogKey.self, log)
    return (root, log)
  }

  @Test func aServiceStartsAfterTheServicesItsStartReads() async throws {
    let (root, log) = root()
    let services = try await root.startServices(ServiceA.self)
    #expect(log.starts() == ["C", "B", "A"])
    #expect(services.startOrder == ["ServiceC", "ServiceB", "ServiceA"])
    try await services.stop()
  }

  @Test func servicesStopInTheReverseOfTheOrderTheyStarted() async throws {
    let (root, log) = root()
    let services = try await root.startServices(ServiceA.self)
    try await services.stop()
    #expect(log.stops() == ["A", "B", "C"])
  }

  @Test func aStartedServiceIsReadSynchronouslyFromTheTree() async throws {
    let (root, _) = root()
    let services = try await root.startServices(ServiceA.self)
    let child = root.makeChild(RequestChild.self)
    #expect(root.a.name == "A")
    #expect(child[ServiceC.self].name == "C")
    try await services.stop()
  }

  @Test func aServiceWithAValueSetIsNotStartedAndItsValueIsRead() async throws {
    let (root, log) = root()
    root.with(ServiceB.self, ServiceValue("fake B", log: nil))
    let services = try await root.startServices(ServiceA.self)
    #expect(log.starts() == ["A"])
    #expect(services.state(of: ServiceB.self) == .set)
    #expect(services.state(of: ServiceC.self) == .notStarted)
    try await services.stop()
    #expect(log.stops() == ["A"])
  }

  @Test func independentServicesStartConcurrently() async throws {
    let plan = ServicePlan(
      count: 8, reads: Array(repeating: [], count: 8), sleep: .milliseconds(50))
    let root = ServiceRoot().with(ServicePlanKey.self, plan)
    let services = try await root.startServices(plan.keys)
    #expect(plan.log.mostAtOnce > 1)
    try await services.stop()
  }

  @Test func aChainStartsStrictlyInOrder() async throws {
    let count = 100
    let plan = ServicePlan(count: count, reads: (0..<count).map { $0 == 0 ? [] : [$0 - 1] })
    let root = ServiceRoot().with(ServicePlanKey.self, plan)
    let services = try await root.startServices(plan.keys.reversed())
    #expect(plan.log.starts() == (0..<count).map { "S\($0)" })
    try await services.stop()
    #expect(plan.log.stops() == (0..<count).reversed().map { "S\($0)" })
  }

  @Test func aStartThatThrowsStopsWhatStartedInReverseAndNamesTheChain() async throws {
    // S2 reads S1 reads S0; S3 reads S0 and S2; S2 throws.
    let plan = ServicePlan(count: 4, reads: [[], [0], [1], [0, 2]], failing: 2)
    let root = ServiceRoot().with(ServicePlanKey.self, plan)
    do {
      _ = try await root.startServices(plan.keys[3])
      Issue.record("start-up did not fail")
    } catch let error as ServiceStartError {
      #expect(error.key.hasPrefix("Numbered<"))
      #expect(error.chain.count == 2)
      #expect(error.chain.last == error.key)
      #expect(error.underlying as? Failure == Failure(name: "S2"))
    }
    #expect(plan.log.starts() == ["S0", "S1"])
    #expect(plan.log.stops() == ["S1", "S0"])
  }

  @Test func aStartThatThrowsAtEveryPositionOfADAGLeavesNothingRunning() async throws {
    let count = 50
    for failing in 0..<count {
      let plan = ServicePlan.randomDAG(count: count, seed: 7, failing: failing)
      let root = ServiceRoot().with(ServicePlanKey.self, plan)
      await #expect(throws: ServiceStartError.self) {
        _ = try await root.startServices(plan.keys)
      }
      let starts = plan.log.starts()
      let stops = plan.log.stops()
      #expect(Set(starts).count == starts.count, "a service started twice")
      #expect(stops.sorted() == starts.sorted(), "failing at S\(failing)")
      // Each service stopped before every service its start read.
      for (position, name) in stops.enumerated() {
        let index = Int(name.dropFirst())!
        for read in plan.reads[index] {
          #expect((stops.firstIndex(of: "S\(read)") ?? -1) > position, "S\(read) before \(name)")
        }
      }
    }
  }

  @Test func servicesThatNeedEachOtherFailNamingTheCycle() async throws {
    let plan = ServicePlan(count: 3, reads: [[2], [0], [1]])
    let root = ServiceRoot().with(ServicePlanKey.self, plan)
    let startUp = Task { _ = try await root.startServices(plan.keys[0]) }
    let result = await outcome(of: startUp)
    guard case .failure(let error) = result else {
      Issue.record("start-up of a cycle did not fail: \(String(describing: result))")
      return
    }
    let cycle =
      (error as? ServiceCycleError)?.keys
      ?? (error as? ServiceStartError).flatMap {
        ($0.underlying as? ServiceCycleError)?.keys
      }
    #expect(cycle?.count == 4, "\(error)")
    #expect(cycle?.first == cycle?.last)
  }

  @Test func aServiceThatStartsItselfFailsNamingIt() async throws {
    let plan = ServicePlan(count: 1, reads: [[0]])
    let root = ServiceRoot().with(ServicePlanKey.self, plan)
    let startUp = Task { _ = try await root.startServices(plan.keys[0]) }
    guard case .failure(let error) = await outcome(of: startUp) else {
      Issue.record("start-up did not fail")
      return
    }
    #expect("\(error)".contains("Services need each other to start"))
  }

  @Test func cancellingStartUpStopsWhatStarted() async throws {
    // S0 starts at once; S1 sleeps until cancelled.
    let plan = ServicePlan(count: 2, reads: [[], [0]], sleep: .seconds(60), sleeping: [1])
    let root = ServiceRoot().with(ServicePlanKey.self, plan)
    let startUp = Task { _ = try await root.startServices(plan.keys[1]) }
    // S0 has started and S1 is starting.
    #expect(becomesTrue { plan.log.starts() == ["S0"] && plan.log.runningNow == 1 })
    startUp.cancel()
    guard case .failure = await outcome(of: startUp) else {
      Issue.record("cancelled start-up did not throw")
      return
    }
    #expect(plan.log.stops() == ["S0"])
  }

  @Test func cancellingStartUpAtAnyPointLeavesNothingRunning() async throws {
    // Cancelled 0, 1, … 24 ms in, so at every point of it: before any start, between starts, and
    // after the last.
    for delay in 0..<25 {
      let (plan, result) = try await cancelledChainStartUp(after: delay)
      #expect(result != nil, "start-up did not end")
      let starts = plan.log.starts()
      #expect(Set(starts).count == starts.count, "a service started twice")
      #expect(plan.log.stops() == starts.reversed(), "cancelled at \(delay) ms")
    }
  }

  @Test func startingTheServicesOfAnEnvironmentTwiceIsAnError() async throws {
    let (root, _) = root()
    let services = try await root.startServices(ServiceC.self)
    await #expect(throws: ServiceMisuseError.self) {
      _ = try await root.startServices(ServiceC.self)
    }
    try await services.stop()
  }

  @Test func concurrentStartUpsOfOneEnvironmentStartItOnce() async throws {
    let (root, log) = root()
    let shared = SharedRoot(root)
    async let first = Result { try await shared.root.startServices(ServiceA.self) }
    async let second = Result { try await shared.root.startServices(ServiceA.self) }
    let results = await [first, second]
    let started = results.compactMap { try? $0.get() }
    #expect(started.count == 1)
    #expect(results.contains { (try? $0.get()) == nil })
    #expect(log.starts() == ["C", "B", "A"])
    for services in started { try await services.stop() }
  }

  @Test func aStopCanReadTheServicesThatStopAfterIt() async throws {
    let (root, log) = root()
    let services = try await root.startServices(StopReadsC.self)
    try await services.stop()
    #expect(log.all.contains("StopReadsC read C while stopping"))
    #expect(log.stops() == ["C"])
  }

  @Test func stoppingTwiceStopsOnce() async throws {
    let (root, log) = root()
    let services = try await root.startServices(ServiceA.self)
    try await services.stop()
    try await services.stop()
    #expect(log.stops() == ["A", "B", "C"])
  }

  @Test func theServicesStartAgainAfterTheyStopped() async throws {
    let (root, log) = root()
    try await root.startServices(ServiceA.self).stop()
    try await root.startServices(ServiceA.self).stop()
    #expect(log.starts() == ["C", "B", "A", "C", "B", "A"])
    #expect(log.stops() == ["A", "B", "C", "A", "B", "C"])
  }

  @Test func aRetryAfterAFailedStartUpStartsEverythingAgain() async throws {
    let plan = ServicePlan(count: 3, reads: [[], [0], [1]], failing: 2)
    let root = ServiceRoot().with(ServicePlanKey.self, plan)
    await #expect(throws: ServiceStartError.self) { _ = try await root.startServices(plan.keys[2]) }
    await #expect(throws: ServiceStartError.self) { _ = try await root.startServices(plan.keys[2]) }
    #expect(plan.log.starts() == ["S0", "S1", "S0", "S1"])
    #expect(plan.log.stops() == ["S1", "S0", "S1", "S0"])
  }

  @Test func aServiceIsNotReadableAfterItsServicesStopped() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let root = withDependencyContext(.live) { ServiceRoot() }
      root.with(ServiceLogKey.self, ServiceLog())
      let services = try await root.startServices(ServiceC.self)
      try await services.stop()
      _ = root.c
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("ServiceC is a service that is not running"))
  }

  @Test func concurrentStopsEachReturnAfterEveryServiceStopped() async throws {
    let (root, log) = root()
    let services = try await root.startServices(SlowStop.self, ServiceA.self)
    async let first: Void = services.stop()
    async let second: Void = services.stop()
    _ = try await (first, second)
    #expect(services.state(of: SlowStop.self) == .stopped)
    #expect(log.stops() == ["A", "B", "C"])
  }

  @Test func aStartCanReadSeveralServicesAtOnce() async throws {
    let (root, log) = root()
    let services = try await root.startServices(ReadsTwoAtOnce.self)
    #expect(Set(log.starts()) == ["A", "B", "C"])
    #expect(root[ReadsTwoAtOnce.self] == "A+C")
    try await services.stop()
  }

  @Test func aReaderThatGivesUpDoesNotCancelTheStartItWaitedFor() async throws {
    let (root, _) = root()
    let services = try await root.startServices(GivesUpOnSlowService.self, SlowStart.self)
    #expect(services.state(of: SlowStart.self) == .running)
    #expect(root[GivesUpOnSlowService.self] == "gave up")
    try await services.stop()
  }

  @Test func everyStopRunsWhenAnEarlierOneThrows() async throws {
    let (root, log) = root()
    let services = try await root.startServices(ThrowingStop.self, ServiceA.self)
    await #expect(throws: ServiceStopError.self) { try await services.stop() }
    #expect(Set(log.stops()) == ["A", "B", "C"])
  }

  @Test func aStopPastItsDeadlineIsReportedByNameAndTheOthersStillStop() async throws {
    let (root, log) = root()
    let services = try await root.startServices(ServiceC.self, HangingStop.self)
    do {
      try await services.stop(deadline: .milliseconds(100))
      Issue.record("the overdue stop was not reported")
    } catch let error as ServiceStopError {
      #expect(error.overdue == ["HangingStop"])
    }
    #expect(log.stops() == ["C"])
  }

  @Test func aStopPastItsDeadlineLeavesItsServiceNotStopped() async throws {
    let (root, _) = root()
    let services = try await root.startServices(ServiceC.self, HangingStop.self)
    await #expect(throws: ServiceStopError.self) {
      try await services.stop(deadline: .milliseconds(100))
    }
    #expect(services.notStopped == ["HangingStop"])
  }

  @Test func theServicesNotStoppedAreThoseStartedUntilTheyStop() async throws {
    let (root, _) = root()
    let services = try await root.startServices(ServiceA.self)
    #expect(services.notStopped == ["ServiceA", "ServiceB", "ServiceC"])
    try await services.stop()
    #expect(services.notStopped.isEmpty)
  }

  @Test func runReturnsOnShutdownAndStopsEverything() async throws {
    let (root, log) = root()
    let services = try await root.startServices(ServiceA.self)
    try await services.run(until: {})
    #expect(log.stops() == ["A", "B", "C"])
  }

  @Test func runReturnsOnCancellationAndStopsEverything() async throws {
    let (root, log) = root()
    let services = try await root.startServices(ServiceA.self)
    let running = Task { try await services.run() }
    try await Task.sleep(for: .milliseconds(20))
    running.cancel()
    #expect(await outcome(of: running) != nil)
    #expect(log.stops() == ["A", "B", "C"])
  }

  @Test func theDependencyTreeShowsServicesTheirStatesAndWhatTheirStartsRead() async throws {
    let (root, _) = root()
    let services = try await root.startServices(ServiceA.self)
    let tree = root.dependencyTree()
    #expect(tree.contains("service ServiceA: running, its start read ServiceB"))
    #expect(tree.contains("service ServiceC: running"))
    #expect(root.dependencyTree(format: .dot).contains("[label=\"start reads\"]"))
    try await services.stop()
  }

  @Test func readingAServiceThatWasNotStartedStopsNamingItAndWhatToCall() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = withDependencyContext(.live) { ServiceRoot().a }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("ServiceA is a service that is not running"))
    #expect(output.contains("startServices(ServiceA.self"))
  }

  @Test func aTestReadsAServicesTestValueWithoutStartingIt() {
    #expect(ServiceRoot()[TestedService.self] == "test")
  }
}

/// A service whose stop throws.
struct ThrowingStop: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String { "throwing" }
  static func stop(_ value: String) async throws { throw Failure(name: "stop") }
}

/// A service whose stop never ends by itself.
struct HangingStop: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String { "hanging" }
  static func stop(_ value: String) async throws { try await Task.sleep(for: .seconds(3_600)) }
}

/// A service whose stop reads ServiceC, which its start read, so it stops first.
struct StopReadsC: ServiceKey {
  struct Value: Sendable {
    let dependencies: Dependencies
    let log: ServiceLog
  }
  static func start(_ services: ServiceStart) async throws -> Value {
    _ = try await services.start(ServiceC.self)
    return Value(dependencies: services.dependencies, log: services.log)
  }
  static func stop(_ value: Value) async throws {
    let c = value.dependencies[ServiceC.self]
    value.log.record("StopReadsC read \(c.name) while stopping")
  }
}

/// A root shared by concurrent start-ups.
final class SharedRoot: @unchecked Sendable {
  let root: ServiceRoot
  init(_ root: ServiceRoot) { self.root = root }
}

extension Result where Failure == any Error {
  /// The result of an asynchronous throwing call.
  init(catching body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}

/// A service whose stop takes a while.
struct SlowStop: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String { "slow" }
  static func stop(_ value: String) async throws { try await Task.sleep(for: .milliseconds(100)) }
}

/// A service whose start reads two services concurrently.
struct ReadsTwoAtOnce: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String {
    async let a = services.start(ServiceA.self)
    async let c = services.start(ServiceC.self)
    return try await a.name + "+" + c.name
  }
}

/// A service whose start takes a while.
struct SlowStart: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String {
    try await Task.sleep(for: .milliseconds(200))
    return "slow"
  }
}

/// A service whose start waits for `SlowStart` only briefly, then goes on without it.
struct GivesUpOnSlowService: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String {
    let wait = Task { try await services.start(SlowStart.self) }
    try await Task.sleep(for: .milliseconds(20))
    wait.cancel()
    return (try? await wait.value) == nil ? "gave up" : "waited"
  }
}

/// A service with a test value.
struct TestedService: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String { "live" }
  static var testValue: String { "test" }
}
