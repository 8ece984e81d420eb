import Foundation

/// `Benchmarks/instruction-budgets.json`: the most instructions each counted operation may take.
///
/// `Scripts/instruction-budgets` counts every `CountedOperation` under callgrind, then runs
/// `Benchmarks --check-instruction-budgets FILE --counts COUNTS` to print and judge the table.
struct InstructionBudgets: Decodable {
  /// One operation's budget and the reason for its size.
  struct Budget: Decodable {
    let operation: String
    let instructions: Double
    let why: String
  }

  /// How far over its budget an operation may go: 0.05 is 5%.
  let tolerance: Double
  /// The Swift version the budgets were set with (`6.3.1`): another compiler emits other
  /// instructions, so there the counts are printed but not judged.
  let toolchain: String
  let budgets: [Budget]

  /// Prints instructions per operation beside the budgets; `false` when an operation exceeds its
  /// budget by more than `tolerance`, or has no budget, or a budget names no counted operation.
  ///
  /// `countsPath` holds one line per operation: `name<TAB>instructions in full<TAB>instructions
  /// with --setup-only`. `toolchain` is the first line of `swift --version`.
  static func check(budgetsPath: String, countsPath: String, toolchain: String) throws -> Bool {
    let file = try JSONDecoder().decode(
      Self.self, from: Data(contentsOf: URL(fileURLWithPath: budgetsPath)))
    var passed = true
    var table = [["operation", "instructions/op", "budget", "verdict"]]
    let lines = try String(contentsOfFile: countsPath, encoding: .utf8).split(separator: "\n")
    for line in lines {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count == 3, let full = Double(fields[1]), let setup = Double(fields[2]),
        let operation = CountedOperation.all.first(where: { $0.name == fields[0] })
      else { throw BudgetError.malformedCount(String(line)) }
      let perOperation = (full - setup) / Double(operation.times)
      let count = String(format: "%.1f", perOperation)
      guard let budget = file.budgets.first(where: { $0.operation == operation.name }) else {
        table.append([operation.name, count, "-", "FAIL: no budget in \(budgetsPath)"])
        passed = false
        continue
      }
      let limit = budget.instructions * (1 + file.tolerance)
      let verdict =
        perOperation > limit
        ? "FAIL: over budget by \(String(format: "%.1f", (perOperation / budget.instructions - 1) * 100))%"
        : "ok"
      passed = passed && perOperation <= limit
      table.append([operation.name, count, String(format: "%.0f", budget.instructions), verdict])
    }
    for budget in file.budgets
    where !CountedOperation.all.contains(where: { $0.name == budget.operation }) {
      table.append([
        budget.operation, "-", String(format: "%.0f", budget.instructions),
        "FAIL: no such operation",
      ])
      passed = false
    }
    print(Report.render(table))
    print(
      "(instructions per operation, callgrind; budgets allow \(Int(file.tolerance * 100))% over)")
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
      "unreadable counts line (want name<TAB>full<TAB>setup-only): \(line)"
    }
  }
}
