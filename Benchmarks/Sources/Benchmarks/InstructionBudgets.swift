import Foundation

/// `Benchmarks/instruction-budgets.json`: the most instructions each counted operation may take,
/// and exactly how many allocations it makes.
///
/// `Scripts/instruction-budgets` counts every `CountedOperation` under callgrind and counts its
/// allocations natively, then runs `Benchmarks --check-instruction-budgets FILE --counts COUNTS`
/// to print and judge the table.
///
/// The two gates differ on purpose. Instructions move with every defensive check and compiler
/// change, so they are a regression alarm with a tolerance. Allocations are a property of the
/// design (a cached read allocates nothing; a request allocates its environment, its node, ...),
/// counted exactly, so any change, up or down, fails until the file states the new number.
struct InstructionBudgets: Decodable {
  /// One operation's budgets and the reason for their size.
  struct Budget: Decodable {
    let operation: String
    let instructions: Double
    /// Allocations per operation, exactly (the count over all operations divided by their
    /// number, rounded: one-off growth of a shared table is not a per-operation cost).
    let allocations: Int
    let why: String
  }

  /// How far over its budget an operation's instructions may go: 0.05 is 5%.
  let tolerance: Double
  /// The Swift version the budgets were set with (`6.3.1`): another compiler emits other
  /// instructions and may allocate differently, so there the counts are printed but not judged.
  let toolchain: String
  let budgets: [Budget]

  /// Prints instructions and allocations per operation beside the budgets; `false` when an
  /// operation exceeds its instruction budget by more than `tolerance`, makes another number of
  /// allocations than its budget says, has no budget, or a budget names no counted operation.
  ///
  /// `countsPath` holds one line per operation: `name<TAB>instructions in full<TAB>instructions
  /// with --setup-only<TAB>allocations made by the operations`. `toolchain` is the first line of
  /// `swift --version`.
  static func check(budgetsPath: String, countsPath: String, toolchain: String) throws -> Bool {
    let file = try JSONDecoder().decode(
      Self.self, from: Data(contentsOf: URL(fileURLWithPath: budgetsPath)))
    var passed = true
    var table = [
      ["operation", "instructions/op", "budget", "allocations/op", "exactly", "verdict"]
    ]
    let lines = try String(contentsOfFile: countsPath, encoding: .utf8).split(separator: "\n")
    for line in lines {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count == 4, let full = Double(fields[1]), let setup = Double(fields[2]),
        let allocations = Double(fields[3]),
        let operation = CountedOperation.all.first(where: { $0.name == fields[0] })
      else { throw BudgetError.malformedCount(String(line)) }
      let perOperation = (full - setup) / Double(operation.times)
      let allocationsPerOperation = allocations / Double(operation.times)
      let count = String(format: "%.1f", perOperation)
      let allocationCount = String(format: "%.3f", allocationsPerOperation)
      guard let budget = file.budgets.first(where: { $0.operation == operation.name }) else {
        table.append([
          operation.name, count, "-", allocationCount, "-", "FAIL: no budget in \(budgetsPath)",
        ])
        passed = false
        continue
      }
      let limit = budget.instructions * (1 + file.tolerance)
      let allocationsPerOperationRounded = Int(allocationsPerOperation.rounded())
      var verdicts: [String] = []
      if perOperation > limit {
        let over = (perOperation / budget.instructions - 1) * 100
        verdicts.append("FAIL: instructions over budget by \(String(format: "%.1f", over))%")
      }
      if allocationsPerOperationRounded != budget.allocations {
        verdicts.append(
          "FAIL: \(allocationsPerOperationRounded) allocations, budget says \(budget.allocations)"
            + " (a design change: explain it in the budget's why, then set the new number)")
      }
      passed = passed && verdicts.isEmpty
      table.append([
        operation.name, count, String(format: "%.0f", budget.instructions), allocationCount,
        String(budget.allocations), verdicts.isEmpty ? "ok" : verdicts.joined(separator: "; "),
      ])
    }
    for budget in file.budgets
    where !CountedOperation.all.contains(where: { $0.name == budget.operation }) {
      table.append([
        budget.operation, "-", String(format: "%.0f", budget.instructions), "-",
        String(budget.allocations), "FAIL: no such operation",
      ])
      passed = false
    }
    print(Report.render(table))
    print(
      "(instructions per operation, callgrind; budgets allow \(Int(file.tolerance * 100))% over."
        + " Allocations per operation, counted natively; must match exactly)")
    guard toolchain.contains("Swift version \(file.toolchain) ") else {
      print(
        "The budgets are for Swift \(file.toolchain), not \(toolchain): counts shown, not judged.")
      return true
    }
    return passed
  }
}

/// A counts file line the check cannot read.
enum BudgetError: Error, CustomStringConvertible {
  case malformedCount(String)

  var description: String {
    switch self {
    case .malformedCount(let line):
      "unreadable counts line (want name<TAB>full<TAB>setup-only<TAB>allocations): \(line)"
    }
  }
}
