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
    /// Each run draws a new seed (or `MODEL_SEED`'s), so runs add up to a longer storm: 5,000 a
    /// task keeps one run under the sanitizers to seconds (10,000 took a third of the whole
    /// suite's time under AddressSanitizer).
    static let operationsPerTask = 5_000

    init() {
      Dependencies.reset()
      Dependencies.clearAliases()
    }

    @Test func mixedOperationsOnlyEverReadValuesThatWereSet() async {
      let live = LiveCount()
      let seed = SeededGenerator.seeds(count: 1)[0]
      let failures = await withTaskGroup(of: [String].self) { group in
        for task in 0..<Self.tasks {
          group.addTask {
            var random = SeededGenerator(seed: seed &+ UInt64(task))
            var failures: [String] = []
            var step = 0
            Self.run(
              task: task, depth: 0, random: &random, step: &step, failures: &failures, live: live)
            return failures
          }
        }
        return await group.reduce(into: [String]()) { $0 += $1 }
      }
      Dependencies.clearAliases()
      #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
      // Scopes have ended; what is left is held process-wide, at most a value, a cached result
      // and a memo per key.
      #expect(live.count <= StormKeys.keyPaths.count * 3, "seed \(seed)")
      Dependencies.reset()
      #expect(
        becomesTrue { live.count == 0 }, "seed \(seed): written values outlived reset()"
      )
    }

    private static func read<Key: StormKey>(_ key: Key.Type, from environment: StormReader)
      -> StormValue
    { environment[key] }

    private static func write<Key: StormKey>(
      _ value: StormValue, to key: Key.Type, in environment: StormReader
    ) {
      environment.with(key, value)
    }

    /// Runs operations until the budget is spent, or until a scope at `depth` > 0 ends. Written
    /// values count themselves in `live`.
    private static func run(
      task: Int, depth: Int, random: inout SeededGenerator, step: inout Int,
      failures: inout [String], live: LiveCount
    ) {
      let environment = StormReader()
      while step < operationsPerTask {
        step += 1
        let key = Int.random(in: 0..<StormKeys.keyPaths.count, using: &random)
        let family = StormKeys.families[key]
        let value = StormValue(family: family, serial: task * 1_000_000 + step, live: live)
        switch Int.random(in: 0..<1_000, using: &random) {
        case 0..<150:
          environment.with(StormKeys.keyPaths[key], value)
        case 150..<200 where depth < 4:
          Dependencies.withValues {
            $0[keyPath: StormKeys.keyPaths[key]] = value
          } operation: {
            run(
              task: task, depth: depth + 1, random: &random, step: &step, failures: &failures,
              live: live)
          }
        case 200..<250 where depth > 0:
          return
        case 250..<270:
          let (dependency, reference) = StormKeys.aliases.randomElement(using: &random)!
          environment.aliasing(StormKeys.keyPaths[dependency], to: StormKeys.keyPaths[reference])
        case 270..<273:
          Dependencies.reset()
        case 273..<330:
          // A key path made at run time: a new object on every read.
          let keyPath: KeyPath<Dependencies, StormValue> =
            (\Dependencies.self).appending(path: StormKeys.keyPaths[key])
          let read = environment[dynamicMember: keyPath]
          if !read.isValid(for: family) {
            failures.append("task \(task), step \(step): run-time key path \(key) read \(read)")
          }
        case 333..<360:
          let read = Self.read(StormKeys.keyTypes[key], from: environment)
          if !read.isValid(for: family) {
            failures.append("task \(task), step \(step): key type \(key) read \(read)")
          }
        case 360..<380:
          Self.write(value, to: StormKeys.keyTypes[key], in: environment)
        case 330..<333:
          if environment.dependencyTree().isEmpty {
            failures.append("task \(task), step \(step): empty tree dump")
          }
        default:
          let read = environment[StormKeys.keyPaths[key]]
          if !read.isValid(for: family) {
            failures.append("task \(task), step \(step): key \(key) read \(read)")
          }
        }
      }
    }
  }
}
