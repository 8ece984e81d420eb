import ComposableEnv
import ComposableEnvTesting
import XCTest

extension DependencyKeys {
  fileprivate enum XCTestLocatedUnset: DependencyKey {
    static var defaultValue: Int { 7 }
  }
}

extension Dependencies {
  fileprivate var xctestLocatedUnset: Int {
    get { self[DependencyKeys.XCTestLocatedUnset.self] }
    set { self[DependencyKeys.XCTestLocatedUnset.self] = newValue }
  }
}

private final class XCTestLocatedEnvironment: ComposableEnvironment {
  static let line = #line + 1
  @Dependency(\.xctestLocatedUnset) var unset
}

/// Where an XCTest case's failure for a missing test value is recorded: the user's file and line.
final class ReportLocationXCTests: XCTestCase {
  /// The locations of the failures this case expects, kept out of the results (XCTest on Linux
  /// has no `XCTExpectFailure`).
  private var expectedFailures: [(filePath: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if description.contains("was read in a test context") {
      expectedFailures.append((filePath, lineNumber))
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testAPropertysFailureIsRecordedAtItsDeclaration() {
    _ = withDependencyTestContext { XCTestLocatedEnvironment().unset }
    XCTAssertEqual(expectedFailures.count, 1)
    XCTAssertEqual(expectedFailures.first?.filePath, #filePath)
    XCTAssertEqual(expectedFailures.first?.line, XCTestLocatedEnvironment.line)
  }
}
