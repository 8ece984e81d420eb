import Foundation

/// One test of this test binary, run again in a child process with extra environment variables:
/// how tests check behaviour that a process-wide variable selects once per process.
///
/// ```swift
/// let run = try await ChildTestRun(filter: "readsOutsideAnyTaskContext", variables: ["X": "1"])
/// #expect(run.finished && run.status == 0, "\(run.output)")
/// ```
public struct ChildTestRun {
  /// Whether the child finished within the watchdog's time (it is terminated otherwise).
  public let finished: Bool
  /// The child's exit status.
  public let status: Int32
  /// What the child printed, standard output and error together.
  public let output: String

  /// Runs the Swift Testing tests matching `filter` in a child process, with this process's
  /// environment, minus `removing`, plus `variables`; waits for it at most `seconds`, suspended:
  /// a child runs for minutes under a sanitizer, and a test that blocked a thread of the
  /// cooperative pool meanwhile (two such tests on two cores block it all) held up every
  /// asynchronous test beside it, test clocks' settles among them.
  public init(
    filter: String, variables: [String: String], removing: [String] = [],
    within seconds: Double = 300
  ) async throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--testing-library", "swift-testing", "--filter", filter]
    // With code coverage on, the child writes its profile where the variable says, not into the
    // working directory (the repository).
    let profile = FileManager.default.temporaryDirectory
      .appendingPathComponent("child-test-run-%p.profraw").path
    var environment = ProcessInfo.processInfo.environment
    for name in removing { environment[name] = nil }
    environment["LLVM_PROFILE_FILE"] = profile
    child.environment = environment.merging(variables) { $1 }
    let pipe = Pipe()
    child.standardOutput = pipe
    child.standardError = pipe
    try child.run()
    let text = Shared("")
    finished = await finishesWhileSuspended(within: seconds) {
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      text.value = String(decoding: data, as: UTF8.self)
      child.waitUntilExit()
    }
    if !finished { child.terminate() }
    status = finished ? child.terminationStatus : -1
    output = text.value
  }

  /// Whether this test binary can be started again to run one test (SwiftPM's Linux layout: the
  /// binary runs its own tests).
  public static var isSupported: Bool {
    #if os(Linux)
      CommandLine.arguments.first?.hasSuffix(".xctest") == true
    #else
      false
    #endif
  }
}
