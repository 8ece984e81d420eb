import GlobalEnv

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
  ]

  /// `times` reads of a process-wide dependency already read once.
  private static func primedReads(_ times: Int) -> () -> Int {
    let model = GlobalModel()
    blackHole(model.number)
    return { (0..<times).reduce(0) { sum, _ in sum &+ model.number } }
  }
}
