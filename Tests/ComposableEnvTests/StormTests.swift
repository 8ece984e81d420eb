import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

/// A node of the storm trees.
final class StormEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.storm0) var storm0
  @Dependency(StormKeys.S3.self) var storm3
  @DerivedEnvironment<StormEnvironment> var next
}

/// Many tasks hammering one tree with mixed operations. Run under ThreadSanitizer by CI.
@Suite("Concurrency storms")
struct StormTests {
  static let tasks = 8
  /// Each run draws a new seed (or `MODEL_SEED`'s), so runs add up to a longer storm: 5,000 a
  /// task keeps one run under the sanitizers to seconds (10,000 took a third of the whole
  /// suite's time under AddressSanitizer).
  static let operationsPerTask = 5_000

  @Test func mixedOperationsOnOneTreeOnlyEverReadValuesThatWereSet() async {
    let live = LiveCount()
    let (failures, seed, nodes, liveAfterStorm) = await Self.storm(live: live)
    #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
    // Each node holds at most, per key, one written value, one cached result and one key memo.
    #expect(liveAfterStorm <= nodes * StormKeys.keyPaths.count * 3, "seed \(seed)")
    #expect(
      becomesTrue { live.count == 0 },
      "seed \(seed): written values outlived their tree")
  }

  /// Runs the storm on a new tree of `StormEnvironment`s whose written values count themselves in
  /// `live`. Returns the failures, the seed, how many nodes the tree reached and how many written
  /// values were alive when the storm ended; the tree is released on return.
  private static func storm(live: LiveCount) async -> (
    failures: [String], seed: UInt64, nodes: Int, liveAfterStorm: Int
  ) {
    let root = StormEnvironment()
    // A starting tree, depth up to 6, shared by every task.
    var shared = [root]
    for index in 0..<30 {
      shared.append(shared[index / 3].derived(StormEnvironment.self, id: index % 3))
    }
    let initial = shared
    let seed = SeededGenerator.seeds(count: 1)[0]
    let results = await withTaskGroup(of: ([String], [StormEnvironment]).self) { group in
      for task in 0..<Self.tasks {
        group.addTask {
          var random = SeededGenerator(seed: seed &+ UInt64(task))
          var nodes = initial
          var failures: [String] = []
          for step in 0..<Self.operationsPerTask {
            // A storm must not hold the cooperative pool's few threads for long: tests running
            // beside it need them (an exit test, a detached task).
            if step % 256 == 0 { await Task.yield() }
            let node = nodes.randomElement(using: &random)!
            let key = Int.random(in: 0..<StormKeys.keyPaths.count, using: &random)
            let family = StormKeys.families[key]
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<20:
              node.with(
                StormKeys.keyPaths[key],
                StormValue(family: family, serial: task * 1_000_000 + step, live: live))
            case 20..<25:
              nodes.append(
                node.derived(StormEnvironment.self, id: Int.random(in: 0..<4, using: &random)))
            case 25..<28:
              let (dependency, reference) = StormKeys.aliases.randomElement(using: &random)!
              node.aliasing(StormKeys.keyPaths[dependency], to: StormKeys.keyPaths[reference])
            case 28..<40:
              let value = node.storm0
              if !value.isValid(for: 0) { failures.append("step \(step): storm0 = \(value)") }
            case 40..<45:
              // A key path made at run time: a new object on every read.
              let keyPath: KeyPath<Dependencies, StormValue> =
                (\Dependencies.self).appending(path: StormKeys.keyPaths[key])
              let value = node[dynamicMember: keyPath]
              if !value.isValid(for: family) {
                failures.append("step \(step): run-time key path \(key) read \(value)")
              }
            case 45:
              if node.dependencyTree().isEmpty { failures.append("step \(step): empty tree dump") }
            case 46..<50:
              let value = node.storm3
              if !value.isValid(for: 1) { failures.append("step \(step): storm3 = \(value)") }
            case 50..<55:
              let value = Self.read(StormKeys.keyTypes[key], at: node)
              if !value.isValid(for: family) {
                failures.append("step \(step): key type \(key) read \(value)")
              }
            case 55..<60:
              Self.write(
                StormValue(family: family, serial: task * 1_000_000 + step, live: live),
                to: StormKeys.keyTypes[key], at: node)
            case 60:
              let (dependency, reference) = StormKeys.aliases.randomElement(using: &random)!
              Self.alias(
                StormKeys.keyTypes[dependency], to: StormKeys.keyTypes[reference], at: node)
            default:
              let value = node[StormKeys.keyPaths[key]]
              if !value.isValid(for: family) {
                failures.append("step \(step): key \(key) read \(value)")
              }
            }
          }
          return (failures, nodes)
        }
      }
      return await group.reduce(into: [([String], [StormEnvironment])]()) { $0.append($1) }
    }
    let nodes = Set(results.flatMap { $0.1 }.map(ObjectIdentifier.init)).count
    return (results.flatMap { $0.0 }, seed, nodes, live.count)
  }

  private static func read<Key: StormKey>(_ key: Key.Type, at node: StormEnvironment) -> StormValue
  {
    node[key]
  }

  private static func write<Key: StormKey>(
    _ value: StormValue, to key: Key.Type, at node: StormEnvironment
  ) {
    node.with(key, value)
  }

  private static func alias<Dependency: StormKey>(
    _ dependency: Dependency.Type, to reference: any StormKey.Type, at node: StormEnvironment
  ) {
    func alias<Reference: StormKey>(to reference: Reference.Type) {
      node.aliasing(dependency, to: reference)
    }
    alias(to: reference)
  }

  @Test(.dependencyContext(.live)) func concurrentFirstReadsComputeEachRootsDefaultExactlyOnce()
    async
  {
    let roots = (0..<50).map { _ in StormEnvironment() }
    let leaves = roots.map { root in
      (0..<8).map { root.derived(StormEnvironment.self, id: $0).next }
    }
    let before = StormCounter.shared.count
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<Self.tasks {
        group.addTask {
          for rootLeaves in leaves { _ = rootLeaves[task].countedStorm }
        }
      }
    }
    #expect(StormCounter.shared.count - before == roots.count)
  }
}

/// Counts the computations of `countedStorm`'s default.
enum StormCounter {
  static let shared = Counter()
}

extension DependencyKeys {
  struct CountedStorm: DependencyKey {
    static var defaultValue: Int {
      StormCounter.shared.increment()
      return 1
    }
  }
}

extension Dependencies {
  var countedStorm: Int {
    get { self[DependencyKeys.CountedStorm.self] }
    set { self[DependencyKeys.CountedStorm.self] = newValue }
  }
}
