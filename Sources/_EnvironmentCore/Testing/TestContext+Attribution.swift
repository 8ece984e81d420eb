import DependencyValues

/// Which test a context's failures belong to.
///
/// A failure raised where the test framework does not know the running test (a `Task.detached`,
/// a thread of the app's own) would be recorded on no test, and the test that caused it would
/// pass. So a context remembers the test that created it, holds a failure raised for it while
/// another test, or none, is current, and records it when the test's scope ends, from the test's
/// own task (`close()`). A failure raised after that is recorded at once, as before.
///
/// ```swift
/// let context = TestContext()          // in the test's scope: owned by the running test
/// defer { context.close() }            // records what was held, attributed to that test
/// ```
extension TestContext {
  /// Records `message` for this context's test: now, when that test is the running one (or
  /// unknown, or over); otherwise when the test's scope ends.
  package func record(_ message: String, at location: TestFailureLocation?) {
    if let owner, TestFailureReporting.reporter?.currentTestIdentity != owner,
      held.withLock({ $0.hold(message, at: location) })
    {
      return
    }
    TestFailureReporting.record(message, at: location)
  }

  /// Ends the context's test: records the failures held for it, from the caller, which is the
  /// test's scope. Failures raised after this are recorded at once.
  package func close() {
    let failures = held.withLock { $0.close() }
    for failure in failures { TestFailureReporting.record(failure.message, at: failure.location) }
  }
}

/// The failures a context holds for its test until the test's scope ends.
struct HeldFailures {
  private var isClosed = false
  private var failures: [(message: String, location: TestFailureLocation?)] = []

  /// Holds a failure; `false` once closed.
  mutating func hold(_ message: String, at location: TestFailureLocation?) -> Bool {
    guard !isClosed else { return false }
    failures.append((message, location))
    return true
  }

  /// Closes, returning what was held.
  mutating func close() -> [(message: String, location: TestFailureLocation?)] {
    isClosed = true
    defer { failures = [] }
    return failures
  }
}
