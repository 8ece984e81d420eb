import GlobalEnv
import GraphGlobalEnv

extension CountedOperation {
  /// `GlobalEnv`'s counted operations.
  static let global: [CountedOperation] = [
    CountedOperation(name: "GlobalEnv read outside a scope", times: 200_000) { times in
      primedReads(times)
    },
    CountedOperation(name: "GlobalEnv read inside a scope", times: 200_000) { times in
      let reads = primedReads(times)
      return {
        Dependencies.withValues {
          $0.benchNumber = 7
        } operation: {
          reads()
        }
      }
    },
    // Entering a scope costs the same at any depth: both build 10,000 nested scopes, and enter
    // `times` more at the top or at the bottom.
    CountedOperation(name: "GlobalEnv enter a scope, at depth 1 of 10,000", times: 25_000) {
      times in { GlobalBenchmarks.nest(level: 1, total: 10_000, enteringAt: 1, times) }
    },
    CountedOperation(name: "GlobalEnv enter a scope, at depth 10,000", times: 25_000) { times in
      { GlobalBenchmarks.nest(level: 1, total: 10_000, enteringAt: 10_000, times) }
    },
    // What users' code does (issue 53): a scope per request, reads in it.
    CountedOperation(
      name: "GlobalEnv request: a scope that sets one key, 6 reads in it", times: 20_000
    ) {
      times in
      let model = GlobalRequestModel()
      return {
        (0..<times).reduce(0) { sum, index in
          sum
            &+ Dependencies.withValues {
              $0.benchNumber = index
            } operation: {
              model.sum
            }
        }
      }
    },
    CountedOperation(
      name: "paper graph: AccessAll through withDependencies(from: container)", times: 100
    ) { times in
      let container = GlobalEnvGraphContainer()
      blackHole(globalEnvAccessAllFrom(container))
      return { (0..<times).reduce(0) { sum, _ in sum &+ globalEnvAccessAllFrom(container) } }
    },
  ]

  /// `times` reads of a process-wide dependency already read once.
  private static func primedReads(_ times: Int) -> () -> Int {
    let model = GlobalModel()
    blackHole(model.number)
    return { readLoop(model, times) }
  }

  /// `times` reads through `model`, in a function of its own (see `ComposableCountedOperations`).
  @inline(never)
  private static func readLoop(_ model: GlobalModel, _ times: Int) -> Int {
    var sum = 0
    for _ in 0..<times { sum &+= model.number }
    return sum
  }
}
