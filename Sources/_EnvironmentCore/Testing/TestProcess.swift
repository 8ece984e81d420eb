import DependencyValues

/// Whether this process runs tests: what makes it strict by default (see
/// `TestContext.processWide`).
///
/// ```swift
/// if TestProcess.isRunningTests { … }  // `swift test`, Xcode's test runner, an exit test
/// ```
package enum TestProcess {
  /// `true` in a process started to run XCTest or Swift Testing tests: a test bundle run by
  /// `xctest` or SwiftPM's runners (the program, `argv[0]`, is `*.xctest`, `xctest` or
  /// `swiftpm-testing-helper`), or an app hosting Xcode's tests (the `XCTest…` variables Xcode
  /// sets; a process such a test starts inherits them, and is strict too). Read once.
  package static let isRunningTests: Bool = {
    let variables = [
      "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestBundleInjectPath",
      "XCTestSessionIdentifier",
    ]
    if variables.contains(where: { environmentVariable($0) != nil }) { return true }
    guard let program = CommandLine.arguments.first else { return false }
    let name = program.split(separator: "/").last.map(String.init) ?? program
    return name == "swiftpm-testing-helper" || name == "xctest" || name.hasSuffix(".xctest")
  }()
}
