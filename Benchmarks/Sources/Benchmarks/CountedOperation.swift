import HeapStatistics

/// An operation whose instructions and allocations `Scripts/instruction-budgets` counts.
///
/// Instructions: the script runs the process twice per operation under callgrind, with the same
/// `times`: once with `--setup-only` (everything but the operations), once in full. The
/// difference, divided by `times`, is the cost of one operation, free of start-up and set-up, and
/// the same on every run of the same binary.
///
/// Allocations: `--count-allocations` runs the operations natively and counts the blocks the
/// allocator hands out while they run (`allocations_so_far`, which counts every malloc).
struct CountedOperation: Sendable {
  /// The name printed in the table and used in `Benchmarks/instruction-budgets.json`.
  let name: String
  /// How many operations one run performs: enough to make fixed costs negligible, few enough for
  /// callgrind (about 50 times slower than a native run).
  let times: Int
  /// Builds what `times` operations need and returns them, not yet performed.
  let prepare: @Sendable (_ times: Int) -> () -> Int

  /// Every counted operation, in table order.
  static let all: [CountedOperation] = composable + global

  /// Prepares `times` operations of `name`, then performs them unless `setupOnly`.
  static func run(_ name: String, setupOnly: Bool) -> Bool {
    guard let operation = all.first(where: { $0.name == name }) else { return false }
    let operations = operation.prepare(operation.times)
    if !setupOnly { blackHole(operations()) }
    return true
  }

  /// Prepares and performs `times` operations of `name`; returns how many allocations the
  /// operations made (set-up excluded), or `nil` when there is no such operation or the platform
  /// cannot count them.
  static func allocations(_ name: String) -> Int? {
    guard let operation = all.first(where: { $0.name == name }),
      allocation_counting_available() != 0
    else { return nil }
    let operations = operation.prepare(operation.times)
    allocation_counting_start()
    let before = allocations_so_far()
    let result = operations()
    let after = allocations_so_far()
    blackHole(result)
    return Int(after - before)
  }
}
