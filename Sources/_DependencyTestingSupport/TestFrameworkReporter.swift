import DependencyValues
import Testing
import _EnvironmentCore

#if canImport(XCTest)
  import XCTest
#endif

/// Records the library's test failures in the framework running the test: a Swift Testing issue
/// inside a Swift Testing test, an XCTest failure inside an XCTest case.
final class TestFrameworkReporter: TestFailureReporter {
  func record(_ message: String, at location: TestFailureLocation?) {
    #if canImport(XCTest)
      if Test.current == nil, let testCase = XCTestCases.running {
        testCase.recordFailure(
          withDescription: message, inFile: location?.filePath ?? "<unknown>",
          atLine: location?.line ?? 0, expected: true)
        return
      }
    #endif
    let comment = Comment(rawValue: message)
    if let location {
      Issue.record(
        comment,
        sourceLocation: SourceLocation(
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column))
    } else {
      Issue.record(comment)
    }
  }

  func readBeingReported() -> (keyPath: String?, location: TestFailureLocation?) {
    CallStack.readBeingReported()
  }

  var currentTestIdentity: String? {
    if let test = Test.current { return "\(test.id)" }
    #if canImport(XCTest)
      return XCTestCases.running?.name
    #else
      return nil
    #endif
  }
}

/// Installs the reporter; called when the binary is loaded (see `_DependencyTestingLoader`), and
/// again, harmlessly, whenever a test context is entered.
///
/// Once installed, GlobalEnv's reads always look for a scope: a test that has none of its own
/// gets one (see `GlobalDependencies.RunningTestScopes`), which a read outside any scope would
/// not find.
@_cdecl("swift_composable_env_install_test_reporter")
package func installTestReporter() {
  if TestFailureReporting.install(TestFrameworkReporter()) { LiveScopes.increment() }
  #if canImport(XCTest)
    XCTestCases.observe()
  #endif
}
