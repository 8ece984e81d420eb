#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this process runs tests: what makes it strict by default (see
/// `TestContext.processWide`).
///
/// ```swift
/// if TestProcess.isRunningTests { … }  // `swift test`, Xcode's test runner, an exit test
/// ```
package enum TestProcess {
  /// `true` in a process started to run XCTest or Swift Testing tests: a test bundle run by
  /// `xctest` or SwiftPM's runners (`*.xctest`, `swiftpm-testing-helper`, `--testing-library`),
  /// or an app hosting Xcode's tests (the `XCTest…` variables Xcode sets). Read once.
  package static let isRunningTests: Bool = {
    let variables = [
      "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestBundleInjectPath",
      "XCTestSessionIdentifier",
    ]
    if variables.contains(where: { getenv($0) != nil }) { return true }
    return CommandLine.arguments.contains { argument in
      let name = argument.split(separator: "/").last.map(String.init) ?? argument
      return argument == "--testing-library" || name == "swiftpm-testing-helper"
        || name == "xctest" || name.hasSuffix(".xctest")
    }
  }()
}
