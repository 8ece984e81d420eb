import ComposableEnv
import TestSupport
import Testing

/// A node of the storm trees.
final class StormEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.storm0) var storm0
  @DerivedEnvironment<StormEnvironment> var next
}

/// Many tasks hammering one tree with mixed operations. Run under ThreadSanitizer by CI.
@Suite("Concurrency storms")
struct StormTests {
  static let tasks = 8
  static let operationsPerTask = 10_000

  @Test func mixedOperationsOnOneTreeOnlyEverReadValuesThatWereSet() async {
    let root = StormEnvironment()
    // A starting tree, depth up to 6, shared by every task.
    var shared = [root]
    for index in 0..<30 {
      shared.append(shared[index / 3].derived(StormEnvironment.self, id: index % 3))
    }
    let initial = shared
    let seed = SeededGenerator.seeds(count: 1)[0]
    let failures = await withTaskGroup(of: [String].self) { group in
      for task in 0..<Self.tasks {
        group.addTask {
          var random = SeededGenerator(seed: seed &+ UInt64(task))
          var nodes = initial
          var failures: [String] = []
          for step in 0..<Self.operationsPerTask {
            let node = nodes.randomElement(using: &random)!
            let key = Int.random(in: 0..<StormKeys.keyPaths.count, using: &random)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<20:
              node.with(
                StormKeys.keyPaths[key],
                StormValue(family: StormKeys.families[key], serial: task * 1_000_000 + step))
            case 20..<25:
              nodes.append(
                node.derived(StormEnvironment.self, id: Int.random(in: 0..<4, using: &random)))
            case 25..<28:
              let (dependency, reference) = StormKeys.aliases.randomElement(using: &random)!
              node.aliasing(StormKeys.keyPaths[dependency], to: StormKeys.keyPaths[reference])
            case 28..<40:
              if !node.storm0.isValid(for: 0) {
                failures.append("step \(step): storm0 = \(node.storm0)")
              }
            default:
              let value = node[StormKeys.keyPaths[key]]
              if !value.isValid(for: StormKeys.families[key]) {
                failures.append("step \(step): key \(key) read \(value)")
              }
            }
          }
          return failures
        }
      }
      return await group.reduce(into: [String]()) { $0 += $1 }
    }
    #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
  }

  @Test func concurrentFirstReadsComputeEachRootsDefaultExactlyOnce() async {
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
