import ComposableEnvServices
import Dispatch
import Foundation

/// Services in the tree: start-up and shut-down overhead of a large graph, concurrency of
/// independent starts, and request-scoped resources against a plain request child.
enum ServiceBenchmarks {
  /// What the benchmark services do: which others each one's start reads, and how long it
  /// sleeps.
  final class Plan: Sendable {
    let keys: [any ServiceKey.Type]
    let reads: [[Int]]
    let sleep: Duration

    init(count: Int, reads: [[Int]], sleep: Duration = .zero) {
      keys = Array(BenchmarkServiceKeys.all.prefix(count))
      self.reads = reads
      self.sleep = sleep
    }

    /// `count` services in a random DAG: each start reads 0–3 services of lower index.
    static func randomDAG(count: Int) -> Plan {
      var generator = SystemRandomNumberGenerator()
      let reads = (0..<count).map { index -> [Int] in
        guard index > 0 else { return [] }
        return (0..<Int.random(in: 0...min(3, index), using: &generator)).map { _ in
          Int.random(in: 0..<index, using: &generator)
        }
      }
      return Plan(count: count, reads: reads)
    }
  }

  struct PlanKey: DependencyKey {
    static var defaultValue: Plan { Plan(count: 0, reads: []) }
  }

  final class ServiceRoot: ComposableEnvironment {}

  final class RequestRoot: ComposableEnvironment, @unchecked Sendable {}
  final class Request: ComposableEnvironment {
    @Dependency(BenchmarkKeys.First.self) var first
    @Dependency(BenchmarkKeys.Second.self) var second
    @Dependency(BenchmarkKeys.Third.self) var third
  }

  /// Start-up and shut-down of 1,000 services in a random DAG, per service.
  static func startAndStopRandomDAG(_ settings: Settings) -> Double? {
    let count = 1_000
    return measureAsync(settings, per: count) {
      let plan = Plan.randomDAG(count: count)
      let root = ServiceRoot().with(PlanKey.self, plan)
      let services = try await root.startServices(plan.keys)
      try await services.stop()
    }
  }

  /// 100 independent services whose start sleeps 10 ms, against one: how many times one start's
  /// time the 100 take (1 when fully concurrent).
  static func hundredSleepingStartsAgainstOne(_ settings: Settings) -> Double? {
    func time(_ count: Int) -> Double {
      measureAsync(Settings(samples: settings.samples, sampleSeconds: 0), per: 1) {
        let plan = Plan(count: count, reads: Array(repeating: [], count: count), sleep: .milliseconds(10))
        let root = ServiceRoot().with(PlanKey.self, plan)
        try await root.startServices(plan.keys).stop()
      }
    }
    return time(100) / time(1)
  }

  /// A chain of 100 services (each start reads the previous one), per service.
  static func startAndStopChain(_ settings: Settings) -> Double? {
    let count = 100
    return measureAsync(settings, per: count) {
      let plan = Plan(count: count, reads: (0..<count).map { $0 == 0 ? [] : [$0 - 1] })
      let root = ServiceRoot().with(PlanKey.self, plan)
      try await root.startServices(plan.keys[count - 1]).stop()
    }
  }

  /// A request child with 3 request-scoped resources, read once each, per request.
  static func requestWithThreeResources(_ settings: Settings) -> Double? {
    let root = RequestRoot()
    return measureAsync(settings, per: 1) {
      try await root.withChild(Request.self) { request, scope in
        let first = scope.acquire(Resource()) { $0.release() }
        let second = scope.acquire(Resource()) { $0.release() }
        let third = scope.acquire(Resource()) { $0.release() }
        request.with(BenchmarkKeys.First.self, first.number)
        blackHole(request.first + request.second + request.third + second.number + third.number)
      }
    }
  }

  /// The same without resources: a plain `makeChild` and 3 reads, per request.
  static func plainRequest(_ settings: Settings) -> Double? {
    let root = RequestRoot()
    return measureAsync(settings, per: 1) {
      let request = root.makeChild(Request.self)
      request.with(BenchmarkKeys.First.self, 1)
      blackHole(request.first + request.second + request.third)
    }
  }

  /// A resource whose release does a little work.
  final class Resource: Sendable {
    let number = 1
    func release() { blackHole(number) }
  }

  /// Measures `operation`, run from an asynchronous loop, in ns per `per`: the best of
  /// `settings.samples` samples, each at least `settings.sampleSeconds` long.
  static func measureAsync(
    _ settings: Settings, per: Int, _ operation: @escaping @Sendable () async throws -> Void
  ) -> Double {
    var best = Double.infinity
    for _ in 0..<max(settings.samples, 1) {
      let nanoseconds = LockedDouble()
      let done = DispatchSemaphore(value: 0)
      let sampleSeconds = settings.sampleSeconds
      Task {
        var runs = 0
        let start = DispatchTime.now().uptimeNanoseconds
        var elapsed: UInt64 = 0
        repeat {
          try? await operation()
          runs += 1
          elapsed = DispatchTime.now().uptimeNanoseconds - start
        } while Double(elapsed) < sampleSeconds * 1e9
        nanoseconds.set(Double(elapsed) / Double(runs) / Double(per))
        done.signal()
      }
      done.wait()
      best = min(best, nanoseconds.get())
    }
    return best
  }

  /// A `Double` handed from a task to the waiting thread.
  final class LockedDouble: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0.0
    func set(_ new: Double) { lock.withLock { value = new } }
    func get() -> Double { lock.withLock { value } }
  }
}

/// The keys of `ServiceBenchmarks.Request`.
enum BenchmarkKeys {
  struct First: DependencyKey { static var defaultValue: Int { 1 } }
  struct Second: DependencyKey { static var defaultValue: Int { 2 } }
  struct Third: DependencyKey { static var defaultValue: Int { 3 } }
}

/// 1,024 distinct service key types, made at run time from 10 binary digits: `Digit<One,
/// Digit<Zero, …>>`.
protocol BenchmarkIndex { static var index: Int { get } }
enum Bottom: BenchmarkIndex { static var index: Int { 0 } }
enum Zero {}
enum One {}
struct Digit<Bit, Rest: BenchmarkIndex>: BenchmarkIndex, ServiceKey {
  static var index: Int { Rest.index * 2 + (Bit.self == One.self ? 1 : 0) }

  static func start(_ services: ServiceStart) async throws -> Int {
    let plan = services.dependencies[ServiceBenchmarks.PlanKey.self]
    for read in plan.reads[index] { _ = try await services.start(plan.keys[read]) }
    if plan.sleep > .zero { try await Task.sleep(for: plan.sleep) }
    return index
  }
}

enum BenchmarkServiceKeys {
  /// The key types, in index order.
  static let all: [any ServiceKey.Type] = {
    var keys: [(Int, any ServiceKey.Type)] = []
    func make<Rest: BenchmarkIndex>(_: Rest.Type, digits: Int) {
      guard digits > 0 else {
        if let key = Rest.self as? any ServiceKey.Type { keys.append((Rest.index, key)) }
        return
      }
      make(Digit<Zero, Rest>.self, digits: digits - 1)
      make(Digit<One, Rest>.self, digits: digits - 1)
    }
    make(Bottom.self, digits: 10)
    return keys.sorted { $0.0 < $1.0 }.map(\.1)
  }()
}
