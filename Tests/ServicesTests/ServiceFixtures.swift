import ComposableEnvServices
import Foundation
import TestSupport

/// What the services of a test did, in order: "start A", "stop A", … (a reference value, shared
/// by the starts through a plain dependency).
final class ServiceLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [String] = []
  /// Starts running now, and the most that ever ran at once.
  private var running = 0
  private(set) var mostAtOnce = 0

  func record(_ event: String) {
    lock.withLock { events.append(event) }
  }

  var all: [String] { lock.withLock { events } }

  func starts() -> [String] {
    all.filter { $0.hasPrefix("start ") }.map { String($0.dropFirst(6)) }
  }
  func stops() -> [String] { all.filter { $0.hasPrefix("stop ") }.map { String($0.dropFirst(5)) } }

  /// How many starts run now.
  var runningNow: Int { lock.withLock { running } }

  /// Counts a start running for its duration.
  func running<T>(_ body: () async throws -> T) async rethrows -> T {
    lock.withLock {
      running += 1
      mostAtOnce = max(mostAtOnce, running)
    }
    defer { lock.withLock { running -= 1 } }
    return try await body()
  }
}

/// A value a service makes, which records its stop in the log it was made with.
final class ServiceValue: Sendable, CustomStringConvertible {
  let name: String
  let log: ServiceLog?

  init(_ name: String, log: ServiceLog?) {
    self.name = name
    self.log = log
  }

  var description: String { "ServiceValue(\(name))" }
}

/// A fixture service: its stop records itself.
protocol LoggedService: ServiceKey where Value == ServiceValue {}

extension LoggedService {
  static func stop(_ value: ServiceValue) async throws {
    value.log?.record("stop \(value.name)")
  }
}

struct ServiceLogKey: LiveInTests {
  static var defaultValue: ServiceLog { ServiceLog() }
}

struct Failure: Error, Equatable {
  let name: String
}

/// Helpers shared by the fixture services: record, and read others.
extension ServiceStart {
  var log: ServiceLog { dependencies[ServiceLogKey.self] }
}

/// C starts first, B reads C, A reads B.
struct ServiceC: LoggedService {
  static func start(_ services: ServiceStart) async throws -> ServiceValue {
    services.log.record("start C")
    return ServiceValue("C", log: services.log)
  }
}

struct ServiceB: LoggedService {
  static func start(_ services: ServiceStart) async throws -> ServiceValue {
    _ = try await services.start(ServiceC.self)
    services.log.record("start B")
    return ServiceValue("B", log: services.log)
  }
}

struct ServiceA: LoggedService {
  static func start(_ services: ServiceStart) async throws -> ServiceValue {
    _ = try await services.start(ServiceB.self)
    services.log.record("start A")
    return ServiceValue("A", log: services.log)
  }
}

/// What the numbered services of a test do: which others each one's start reads, which one
/// throws or cancels, how long each sleeps, and the log.
final class ServicePlan: Sendable {
  let keys: [any ServiceKey.Type]
  let reads: [[Int]]
  let failing: Int?
  let sleep: Duration
  /// The services that sleep in their start (`sleep`), by index; all when `nil`.
  let sleeping: Set<Int>?
  let log = ServiceLog()

  init(
    count: Int, reads: [[Int]], failing: Int? = nil, sleep: Duration = .zero,
    sleeping: Set<Int>? = nil
  ) {
    keys = NumberedKeys.make(count)
    self.reads = reads
    self.failing = failing
    self.sleep = sleep
    self.sleeping = sleeping
  }

  /// How long service `index` sleeps in its start.
  func sleep(of index: Int) -> Duration {
    let sleeps = sleeping?.contains(index) ?? true
    return sleeps ? sleep : .zero
  }

  /// A random DAG of `count` services, each reading 0–3 services of lower index.
  static func randomDAG(count: Int, seed: UInt64, failing: Int? = nil) -> ServicePlan {
    var generator = SeededGenerator(seed: seed)
    let reads = (0..<count).map { index -> [Int] in
      guard index > 0 else { return [] }
      let fanOut = Int.random(in: 0...min(3, index), using: &generator)
      return Array(Set((0..<fanOut).map { _ in Int.random(in: 0..<index, using: &generator) }))
    }
    return ServicePlan(count: count, reads: reads, failing: failing)
  }
}

struct ServicePlanKey: LiveInTests {
  static var defaultValue: ServicePlan { ServicePlan(count: 0, reads: []) }
}

/// A distinct type for each index, made at run time: `Numbered<Numbered<Zero>>` is index 1.
protocol NumberTag { static var index: Int { get } }

enum Zero: NumberTag { static var index: Int { -1 } }

struct Numbered<Previous: NumberTag>: NumberTag, ServiceKey {
  static var index: Int { Previous.index + 1 }

  static func start(_ services: ServiceStart) async throws -> ServiceValue {
    let plan = services.dependencies[ServicePlanKey.self]
    for read in plan.reads[index] { _ = try await services.start(plan.keys[read]) }
    let sleep = plan.sleep(of: index)
    if sleep > .zero { try await plan.log.running { try await Task.sleep(for: sleep) } }
    if plan.failing == index { throw Failure(name: "S\(index)") }
    plan.log.record("start S\(index)")
    return ServiceValue("S\(index)", log: plan.log)
  }

  static func stop(_ value: ServiceValue) async throws {
    value.log?.record("stop \(value.name)")
  }
}

enum NumberedKeys {
  /// The key types of indices 0..<count.
  static func make(_ count: Int) -> [any ServiceKey.Type] {
    var keys: [any ServiceKey.Type] = []
    append(Zero.self, count: count, to: &keys)
    return keys
  }

  private static func append<Previous: NumberTag>(
    _: Previous.Type, count: Int, to keys: inout [any ServiceKey.Type]
  ) {
    guard keys.count < count else { return }
    keys.append(Numbered<Previous>.self)
    append(Numbered<Previous>.self, count: count, to: &keys)
  }
}

final class ServiceRoot: ComposableEnvironment {
  @Dependency(ServiceA.self) var a
  @Dependency(ServiceB.self) var b
  @Dependency(ServiceC.self) var c
}

final class RequestChild: ComposableEnvironment {}

/// Starts a chain of 10 services that each start in 2 ms and read the one before, cancels the
/// start-up `delay` ms in (before any start, between starts, or after the last), and returns the
/// plan and how start-up ended (`nil`: it did not end within 60 s).
///
/// ```swift
/// let (plan, result) = try await cancelledChainStartUp(after: 3)
/// ```
func cancelledChainStartUp(after delay: Int) async throws -> (
  ServicePlan, Result<Void, any Error>?
) {
  let count = 10
  let plan = ServicePlan(
    count: count, reads: (0..<count).map { $0 == 0 ? [] : [$0 - 1] }, sleep: .milliseconds(2))
  let root = ServiceRoot().with(ServicePlanKey.self, plan)
  let startUp = Task { try await root.startServices(plan.keys[count - 1]).stop() }
  try await Task.sleep(for: .milliseconds(delay))
  startUp.cancel()
  return (plan, await outcome(of: startUp))
}
