import ComposableEnvServices
import Foundation
import ServicesTestSupport
import TestSupport
import Testing

/// A resource whose release is logged and counted.
private final class Resource: Sendable {
  let name: String
  let log: ServiceLog
  let live: Counter

  init(_ name: String, log: ServiceLog, live: Counter) {
    self.name = name
    self.log = log
    self.live = live
    live.increment()
  }

  func release() {
    log.record("release \(name)")
    live.decrement()
  }
}

@Suite("Request-scoped resources", .timeLimit(.minutes(10)))
struct RequestScopeTests {
  @Test func aReleaseRegisteredAfterTheScopeEndedRunsAtOnceAndIsReported() async throws {
    let log = ServiceLog()
    let live = Counter()
    let kept = try await ServiceRoot().withChild(RequestChild.self) { _, scope in scope }
    let messages = recordedIssues {
      _ = kept.acquire(Resource("late", log: log, live: live)) { $0.release() }
      kept.onEnd { log.record("late end") }
    }
    #expect(log.all == ["release late", "late end"], "each ran at the call")
    #expect(live.count == 0, "nothing leaks")
    #expect(messages.count == 2)
    #expect(
      messages.allSatisfy { $0.contains("RequestChild") && $0.contains("after that scope ended") })
  }

  @Test func anAsynchronousReleaseRegisteredAfterTheScopeEndedRunsAtOnceAndIsReported()
    async throws
  {
    let live = Counter()
    let kept = try await ServiceRoot().withChild(RequestChild.self) { _, scope in scope }
    let released = AsyncStream<Void>.makeStream()
    let messages = recordedIssues {
      _ = kept.acquire(Resource("late", log: ServiceLog(), live: live)) { resource in
        await Task.yield()
        resource.release()
        released.continuation.yield()
      }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("acquire(_:release:)") == true)
    let waited = Task<Void, any Error> {
      var iterator = released.stream.makeAsyncIterator()
      await iterator.next()
    }
    #expect(await outcome(of: waited) != nil, "the release ran (watchdog: 120 s)")
    #expect(live.count == 0, "released in a task of its own, without waiting for anything")
  }

  @Test func resourcesAreReleasedInReverseOrderWhenTheScopeReturns() async throws {
    let log = ServiceLog()
    let live = Counter()
    let value = try await ServiceRoot().withChild(RequestChild.self) { _, scope in
      for name in ["first", "second", "third"] {
        _ = scope.acquire(Resource(name, log: log, live: live)) { $0.release() }
      }
      return 42
    }
    #expect(value == 42)
    #expect(log.all == ["release third", "release second", "release first"])
    #expect(live.count == 0)
  }

  @Test func resourcesAreReleasedWhenTheScopeThrowsAndTheBodysErrorWins() async throws {
    let log = ServiceLog()
    let live = Counter()
    await #expect(throws: Failure(name: "body")) {
      try await ServiceRoot().withChild(RequestChild.self) { _, scope in
        _ = scope.acquire(Resource("one", log: log, live: live)) { $0.release() }
        scope.onEnd { throw Failure(name: "release") }
        throw Failure(name: "body")
      }
    }
    #expect(log.all == ["release one"])
    #expect(live.count == 0)
  }

  @Test func aReleaseThatThrowsFailsTheScopeAfterEveryReleaseRan() async throws {
    let log = ServiceLog()
    let live = Counter()
    await #expect(throws: Failure(name: "release")) {
      try await ServiceRoot().withChild(RequestChild.self) { _, scope in
        _ = scope.acquire(Resource("one", log: log, live: live)) { $0.release() }
        scope.onEnd { throw Failure(name: "release") }
      }
    }
    #expect(log.all == ["release one"])
  }

  @Test func asynchronousAndSynchronousReleasesRunTogetherInReverseOrder() async throws {
    let log = ServiceLog()
    try await ServiceRoot().withChild(RequestChild.self) { _, scope in
      _ = scope.acquire("first") { (name: String) async throws in
        await Task.yield()
        log.record("release \(name)")
      }
      scope.onEnd { log.record("release second") }
      scope.onEnd { () async throws in
        await Task.yield()
        log.record("release third")
      }
    }
    #expect(log.all == ["release third", "release second", "release first"])
  }

  @Test func asynchronousReleasesRunWhenTheScopeThrows() async throws {
    let log = ServiceLog()
    await #expect(throws: Failure(name: "body")) {
      try await ServiceRoot().withChild(RequestChild.self) { _, scope in
        scope.onEnd { () async throws in
          await Task.yield()
          log.record("released")
          throw Failure(name: "release")
        }
        throw Failure(name: "body")
      }
    }
    #expect(log.all == ["released"])
  }

  @Test func anAsynchronousReleaseThatThrowsFailsTheScope() async throws {
    await #expect(throws: Failure(name: "release")) {
      try await ServiceRoot().withChild(RequestChild.self) { _, scope in
        scope.onEnd { () async throws in
          await Task.yield()
          throw Failure(name: "release")
        }
      }
    }
  }

  @Test func anAsynchronousReleaseRegisteredBySynchronousReleaseWhileReleasingRuns() async throws {
    let log = ServiceLog()
    try await ServiceRoot().withChild(RequestChild.self) { _, scope in
      scope.onEnd { log.record("first") }
      scope.onEnd {
        log.record("second")
        scope.onEnd { () async in
          await Task.yield()
          log.record("registered by second")
        }
      }
    }
    #expect(log.all == ["second", "registered by second", "first"])
  }

  @Test func randomReleaseProgramsRunEveryReleaseInTheReferenceOrder() async {
    for seed in SeededGenerator.seeds(count: 500) {
      let program = ReleaseProgram(seed: seed)
      let outcome = await program.run { body in
        try await ServiceRoot().withChild(RequestChild.self) { _, scope in try await body(scope) }
      }
      #expect(outcome == program.expected, "seed \(seed): \(program)")
    }
  }

  @Test func theChildReadsItsParentsValuesAndOwnsItsOwn() async throws {
    let root = ServiceRoot().with(ServiceLogKey.self, ServiceLog())
    let services = try await root.startServices(ServiceC.self)
    let name = try await root.withChild(RequestChild.self) { request, _ in
      request[ServiceC.self].name
    }
    #expect(name == "C")
    try await services.stop()
  }

  @Test func aThousandRequestScopesCancelledMidwayReleaseEverything() async throws {
    let log = ServiceLog()
    let live = Counter()
    let root = SharedServiceRoot()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<1_000 {
        group.addTask {
          _ = try? await root.withChild(RequestChild.self) { _, scope in
            _ = scope.acquire(Resource("a\(index)", log: log, live: live)) { $0.release() }
            _ = scope.acquire(Resource("b\(index)", log: log, live: live)) { $0.release() }
            try await Task.sleep(for: .seconds(60))
          }
        }
      }
      // Every child has acquired its two resources.
      #expect(await becomesTrueWhileSuspended { live.count == 2_000 })
      group.cancelAll()
    }
    #expect(live.count == 0)
    #expect(log.all.count == 2_000)
  }
}

/// A root shared by concurrent requests.
private final class SharedServiceRoot: ComposableEnvironment, @unchecked Sendable {}
