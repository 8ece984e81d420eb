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

  @Test(.enabled(if: ChildTestRun.isSupported))
  func theEnvironmentVariableMakesEveryEnvironmentStrict() throws {
    let run = try ChildTestRun(
      filter: "readsOutsideAnyTaskContext", variables: [Self.variable: "test"])
    #expect(run.finished, "the child test process did not finish")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("1 known issue"), "\(run.output)")
  }
}
