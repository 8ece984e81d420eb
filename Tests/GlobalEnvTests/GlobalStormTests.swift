import GlobalEnv
import TestSupport
import Testing

struct StormReader: GlobalEnvironment {}

extension ProcessWideState {
  /// Many tasks mixing process-wide writes, scoped overrides, aliasing, `reset()` and reads. Run
  /// under ThreadSanitizer by CI.
  @Suite("Concurrency storms")
  struct GlobalStormTests {
    static let tasks = 8
    static let operationsPerTask = 10_000

    init() {
      Dependencies.reset()
      Dependencies.clearAliases()
    }

    @Test func mixedOperationsOnlyEverReadValuesThatWereSet() async {
      let seed = SeededGenerator.seeds(count: 1)[0]
      let failures = await withTaskGroup(of: [String].self) { group in
        for task in 0..<Self.tasks {
          group.addTask {
            var random = SeededGenerator(seed: seed &+ UInt64(task))
            var failures: [String] = []
            var step = 0
            Self.run(task: task, depth: 0, random: &random, step: &step, failures: &failures)
            return failures
          }
        }
        return await group.reduce(into: [String]()) { $0 += $1 }
      }
      Dependencies.clearAliases()
      #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
    }

    /// Runs operations until the budget is spent, or until a scope at `depth` > 0 ends.
    private static func run(
      task: Int, depth: Int, random: inout SeededGenerator, step: inout Int,
      failures: inout [String]
    ) {
      let environment = StormReader()
      while step < operationsPerTask {
        step += 1
        let key = Int.random(in: 0..<StormKeys.keyPaths.count, using: &random)
        let value = StormValue(family: StormKeys.families[key], serial: task * 1_000_000 + step)
        switch Int.random(in: 0..<1_000, using: &random) {
        case 0..<150:
          environment.with(StormKeys.keyPaths[key], value)
        case 150..<200 where depth < 4:
          Dependencies.withValues {
            $0[keyPath: StormKeys.keyPaths[key]] = value
          } operation: {
            run(task: task, depth: depth + 1, random: &random, step: &step, failures: &failures)
          }
        case 200..<250 where depth > 0:
          return
        case 250..<270:
          let (dependency, reference) = StormKeys.aliases.randomElement(using: &random)!
          environment.aliasing(StormKeys.keyPaths[dependency], to: StormKeys.keyPaths[reference])
        case 270..<273:
          Dependencies.reset()
        default:
          let read = environment[StormKeys.keyPaths[key]]
          if !read.isValid(for: StormKeys.families[key]) {
            failures.append("task \(task), step \(step): key \(key) read \(read)")
          }
        }
      }
    }
  }
}
