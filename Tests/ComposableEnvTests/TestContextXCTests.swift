import ComposableEnv
import ComposableEnvTesting
import TestSupport
import XCTest

extension DependencyKeys {
  fileprivate enum XCTestUnset: DependencyKey {
    static var defaultValue: Int { 7 }
  }
}

extension Dependencies {
  fileprivate var xctestUnset: Int {
    get { self[DependencyKeys.XCTestUnset.self] }
    set { self[DependencyKeys.XCTestUnset.self] = newValue }
  }
}

private final class XCTestRoot: ComposableEnvironment {}

/// The test context from XCTest: a read of an unset dependency records an XCTest failure.
final class TestContextXCTests: XCTestCase {
  /// Failures this case expects, kept out of the results (XCTest on Linux has no
  /// `XCTExpectFailure`).
  private var expectedFailures: [String] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if description.contains("was read in a test context") {
      expectedFailures.append(description)
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testReadingAnUnsetDependencyInAContextRecordsAnXCTestFailure() {
    let value = withDependencyTestContext { XCTestRoot().xctestUnset }
    XCTAssertEqual(value, 7)
    XCTAssertEqual(expectedFailures.count, 1)
    XCTAssertTrue(
      expectedFailures.first?.contains(
        nameOfRead("\\Dependencies.xctestUnset", key: "DependencyKeys.XCTestUnset"))
        == true, "\(expectedFailures)")
  }

  func testOutsideAContextNothingIsRecorded() {
    XCTAssertEqual(XCTestRoot().xctestUnset, 7)
    XCTAssertEqual(expectedFailures, [])
  }
}
