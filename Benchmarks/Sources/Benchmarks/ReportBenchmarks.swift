import ComposableEnv
import Foundation

/// What a test failure for a missing test value costs: a read in a strict context of a key that
/// has no test value reports it, once per key.
///
/// Measured in a child process of this executable, run with `SWIFT_COMPOSABLE_ENV_CONTEXT=test`:
/// a strict context is process-wide and chosen once, and would make every other scenario read
/// test values and report. No testing module is loaded here (it would change what GlobalEnv's
/// reads do), so reports go to standard error, which the child sends to /dev/null: the figure is
/// the library's report (naming the key and the read's site, the environment path, the message)
/// and one write, not a test framework's recording of it.
enum ReportBenchmarks {
  /// The argument that runs the child's measurement.
  static let childArgument = "--measure-missing-value-reports"

  /// ns per report, from a child process; `nil` if it could not run.
  static func missingValueReport(_ settings: Settings) -> Double? {
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    process.arguments = [childArgument] + (settings.samples == 1 ? ["--quick"] : [])
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["SWIFT_COMPOSABLE_ENV_CONTEXT": "test"], uniquingKeysWith: { $1 })
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// In the child: ns per report, the best of `settings.samples` rounds. Each round reads keys
  /// never read before at one root (each read reports), then the same keys at another root of the
  /// same context (each the same first read, reported already): the difference is the report.
  static func measureInChild(_ settings: Settings) -> Double {
    let perRound = settings.samples == 1 ? 100 : 2_000
    let keys = ManyKeyTypes.make(perRound * settings.samples)
    var best = Double.infinity
    for round in 0..<settings.samples {
      let slice = keys[(round * perRound)..<((round + 1) * perRound)]
      let reporting = BareEnvironment()
      let reported = BareEnvironment()
      let withReports = time { for key in slice { blackHole(reporting.flag(key)) } }
      let withoutReports = time { for key in slice { blackHole(reported.flag(key)) } }
      best = min(best, (withReports - withoutReports) * 1e9 / Double(perRound))
    }
    return best
  }
}
