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

/// A process that runs tests is strict as a whole, with no trait and no call to the testing
/// module; `SWIFT_COMPOSABLE_ENV_CONTEXT=live` opts out, and `test` makes any process strict:
/// checked here and in child processes running one test with the variable set.
@Suite struct ProcessWideTestContextTests {
  static let variable = "SWIFT_COMPOSABLE_ENV_CONTEXT"

  /// Reads without any test context. In this process (no variable) and with the variable `test`,
  /// the read of a key without a test value is reported; with `live`, nothing is strict.
  @Test func readsOutsideAnyTaskContext() {
    if ProcessInfo.processInfo.environment[Self.variable] == "live" {
      #expect(ProcessWideRoot().processWideUnset == "live")
      #expect(ProcessWideRoot().processWideTested == "live")
    } else {
      withKnownIssue {
        #expect(ProcessWideRoot().processWideUnset == "live")
      } matching: { issue in
        issue.comments.contains {
          $0.rawValue.contains(
            nameOfRead("\\Dependencies.processWideUnset", key: "DependencyKeys.ProcessWideUnset"))
        }
      }
      #expect(ProcessWideRoot().processWideTested == "test")
    }
  }

  @Test(.enabled(if: ChildTestRun.isSupported))
  func liveOptsATestProcessOutOfStrictness() async throws {
    let run = try await ChildTestRun(
      filter: "readsOutsideAnyTaskContext", variables: [Self.variable: "live"])
    #expect(run.finished, "the child test process did not finish")
    #expect(run.status == 0, "\(run.output)")
    #expect(!run.output.contains("known issue"), "\(run.output)")
  }

  @Test(.enabled(if: ChildTestRun.isSupported))
  func theEnvironmentVariableMakesEveryEnvironmentStrict() async throws {
    let run = try await ChildTestRun(
      filter: "readsOutsideAnyTaskContext", variables: [Self.variable: "test"])
    #expect(run.finished, "the child test process did not finish")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("1 known issue"), "\(run.output)")
  }
}
