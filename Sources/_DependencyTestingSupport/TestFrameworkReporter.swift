import DependencyValues
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Records the library's test failures in the framework running the test: a Swift Testing issue
/// inside a Swift Testing test, an XCTest failure inside an XCTest case.
///
/// Recording costs what the framework's own call does: the location comes with the failure
/// (where the user's code reads the dependency, see `ReadSite`), nothing is looked up.
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
    // With no location of its own (a read that cannot take one, `environment.apiClient`), the
    // failure is recorded at the running test's declaration: the user's file, not this one.
    let sourceLocation =
      location.map {
        SourceLocation(
          fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
      } ?? Test.current?.sourceLocation
    if let sourceLocation {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    } else {
      Issue.record(Comment(rawValue: message))
    }
  }

  var currentTestKey: (any Hashable & Sendable)? {
    if let test = Test.current { return test.id }
    #if canImport(XCTest)
      return XCTestCases.running.map { ObjectIdentifier($0) }
    #else
      return nil
    #endif
  }

  /// A parameterized test whose cases may run in parallel (not `.serialized`, itself or by its
  /// suite).
  var runningTestIsParameterized: Bool {
    guard let test = Test.current, test.isParameterized else { return false }
    return !test.traits.contains { $0 is ParallelizationTrait }
  }

  func whenRunningTestEnds(_ body: @escaping @Sendable () -> Void) -> Bool {
    guard Test.current == nil else { return false }
    #if canImport(XCTest)
      return XCTestCases.whenRunningCaseEnds(body)
    #else
      return false
    #endif
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
@_cdecl("swift_composable_env_install_test_reporter")
package func installTestReporter() {
  TestFailureReporting.install(TestFrameworkReporter())
  #if canImport(XCTest)
    XCTestCases.observe()
  #endif
}
