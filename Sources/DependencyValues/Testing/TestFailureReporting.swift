import _EnvironmentAtomics

/// What records a test failure in the test framework that is running: installed by the testing
/// modules (`ComposableEnvTesting`, `GlobalEnvTesting`) when they are loaded, so that the library
/// modules never import `Testing` or `XCTest`.
package protocol TestFailureReporter: AnyObject, Sendable {
  /// Records a failure of the running test (Swift Testing or XCTest), at `location` if known
  /// (where the user's code reads the dependency: see `ReadSite`), else where the framework
  /// places a failure of the running test.
  func record(_ message: String, at location: TestFailureLocation?)

  /// Identifies the running test, so that a process-wide test context reports once per test.
  var currentTestIdentity: String? { get }

  /// Identifies the running test cheaply, for lookups on every read (GlobalEnv's scope of each
  /// test): Swift Testing's test ID, or the running XCTest case.
  var currentTestKey: (any Hashable & Sendable)? { get }

  /// Whether the running test is a parameterized Swift Testing test whose cases may run in
  /// parallel (not `.serialized`) under one identity.
  var runningTestIsParameterized: Bool { get }

  /// Runs `body` once, when the running test ends, where the framework says when a test ends
  /// (an XCTest case: its observer's `testCaseDidFinish`), so that what the library keeps for
  /// the test (`currentTestKey`) is freed then. Returns `false`, and never runs `body`, where it
  /// cannot tell (no test runs, or a Swift Testing test: Swift Testing announces no test's end;
  /// its tests end what they keep through the testing modules' traits).
  ///
  /// `body` runs on the thread that ends the test, with no lock of the reporter held.
  func whenRunningTestEnds(_ body: @escaping @Sendable () -> Void) -> Bool
}

/// A place in source code that a failure is attributed to.
package struct TestFailureLocation: Sendable {
  package var fileID: String
  package var filePath: String
  package var line: Int
  package var column: Int

  package init(fileID: String, filePath: String, line: Int, column: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Where the library sends test failures: to the installed reporter, or, when no testing module
/// is loaded, to standard error.
package enum TestFailureReporting {
  /// Installs `reporter` for the process, unless one is installed already. Called once, when a
  /// testing module is loaded.
  package static func install(_ reporter: any TestFailureReporter) {
    let holder = ReporterHolder(reporter)
    let pointer = Unmanaged.passRetained(holder).toOpaque()
    // A reporter is installed at most once and never released: readers load it without a lock.
    if !environment_test_reporter_install(pointer) {
      Unmanaged<ReporterHolder>.fromOpaque(pointer).release()
    }
  }

  /// The installed reporter, if a testing module is loaded.
  package static var reporter: (any TestFailureReporter)? {
    guard let pointer = environment_test_reporter_load() else { return nil }
    return Unmanaged<ReporterHolder>.fromOpaque(pointer).takeUnretainedValue().reporter
  }

  /// Records a failure of the running test, or, when no testing module is loaded (a program
  /// that runs no test), writes the message to standard error as what it is: a report of the
  /// library, not a test's failure.
  ///
  /// ```swift
  /// TestFailureReporting.record("APIClient.fetch is unimplemented", at: location)
  /// // in an app: "Feature.swift:12: swift-composable-env: APIClient.fetch is unimplemented"
  /// ```
  package static func record(_ message: String, at location: TestFailureLocation?) {
    guard let reporter else { return writeToStandardError(lineWithoutTest(message, at: location)) }
    reporter.record(message, at: location)
  }

  /// What `record` writes to standard error in a program that runs no test.
  ///
  /// ```swift
  /// TestFailureReporting.lineWithoutTest("…", at: nil)  // "swift-composable-env: …"
  /// ```
  package static func lineWithoutTest(_ message: String, at location: TestFailureLocation?)
    -> String
  {
    let place = location.map { "\($0.fileID):\($0.line): " } ?? ""
    return "\(place)swift-composable-env: \(message)"
  }
}

/// The installed reporter, in an object so that one pointer holds it.
private final class ReporterHolder: Sendable {
  let reporter: any TestFailureReporter

  init(_ reporter: any TestFailureReporter) { self.reporter = reporter }
}
