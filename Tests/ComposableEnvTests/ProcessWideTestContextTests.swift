import ComposableEnv
import Foundation
import TestSupport
import Testing

extension DependencyKeys {
  fileprivate enum ProcessWideUnset: DependencyKey {
    static var defaultValue: String { "live" }
  }

  fileprivate enum ProcessWideTested: DependencyKey {
    static var defaultValue: String { "live" }
    static var testValue: String { "test" }
  }
}

extension Dependencies {
  fileprivate var processWideUnset: String {
    get { self[DependencyKeys.ProcessWideUnset.self] }
    set { self[DependencyKeys.ProcessWideUnset.self] = newValue }
  }

  fileprivate var processWideTested: String {
    get { self[DependencyKeys.ProcessWideTested.self] }
    set { self[DependencyKeys.ProcessWideTested.self] = newValue }
  }
}

private final class ProcessWideRoot: ComposableEnvironment {}

/// `SWIFT_COMPOSABLE_ENV_CONTEXT=test` makes every environment of the process strict, with no
/// trait and no call to the testing module: checked in a child process running one test.
@Suite struct ProcessWideTestContextTests {
  static let variable = "SWIFT_COMPOSABLE_ENV_CONTEXT"

  /// Reads without any test context. In this process (no variable) nothing is strict; in the
  /// child process that the next test starts with the variable set, the read is reported.
  @Test func readsOutsideAnyTaskContext() {
    if ProcessInfo.processInfo.environment[Self.variable] == "test" {
      withKnownIssue {
        #expect(ProcessWideRoot().processWideUnset == "live")
      } matching: { issue in
        issue.comments.contains {
          $0.rawValue.contains(
            nameOfRead("\\Dependencies.processWideUnset", key: "DependencyKeys.ProcessWideUnset"))
        }
      }
      #expect(ProcessWideRoot().processWideTested == "test")
    } else {
      #expect(ProcessWideRoot().processWideUnset == "live")
      #expect(ProcessWideRoot().processWideTested == "live")
    }
  }

  @Test(.enabled(if: Self.canRunThisBinaryAgain))
  func theEnvironmentVariableMakesEveryEnvironmentStrict() throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = [
      "--testing-library", "swift-testing", "--filter", "readsOutsideAnyTaskContext",
    ]
    // With code coverage on, the child writes its profile where the variable says, not into the
    // working directory (the repository).
    let profile = FileManager.default.temporaryDirectory
      .appendingPathComponent("process-wide-context-%p.profraw").path
    child.environment = ProcessInfo.processInfo.environment.merging(
      [Self.variable: "test", "LLVM_PROFILE_FILE": profile]
    ) { $1 }
    let output = Pipe()
    child.standardOutput = output
    child.standardError = output
    try child.run()
    let text = Shared("")
    let finished = finishes(within: 300) {
      let data = output.fileHandleForReading.readDataToEndOfFile()
      text.value = String(decoding: data, as: UTF8.self)
      child.waitUntilExit()
    }
    if !finished { child.terminate() }
    #expect(finished, "the child test process did not finish")
    #expect(child.terminationStatus == 0, "\(text.value)")
    #expect(text.value.contains("1 known issue"), "\(text.value)")
  }

  /// Whether this test binary can be started again to run one test (SwiftPM's Linux layout: the
  /// binary runs its own tests).
  static var canRunThisBinaryAgain: Bool {
    #if os(Linux)
      CommandLine.arguments.first?.hasSuffix(".xctest") == true
    #else
      false
    #endif
  }
}
