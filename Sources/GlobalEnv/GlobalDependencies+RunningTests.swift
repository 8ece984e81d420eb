import DependencyValues
import _EnvironmentCore

extension GlobalDependencies {
  /// The process-wide values of each test, in a process that is strict as a whole (a process
  /// that runs tests, see `TestContext.processWide`).
  ///
  /// A test that runs in no test context of its own (no `.dependencyTestContext` trait, no
  /// `withDependencyTestContext`) still gets one: the first time it reads or writes a
  /// dependency, a scope of its own is made on top of the process-wide values, with a strict
  /// context of its own. Its writes (`with`, `prepare`, `reset`) reach only it, and its test
  /// values are made for it alone, as with swift-dependencies. Work that leaves the test's tasks
  /// (a GCD queue, a thread of its own) is not known to belong to it and reads the process-wide
  /// values; `Dependencies.withEscapedValues` carries the test's scope there.
  ///
  /// Which test runs is what the installed test reporter says (`GlobalEnvTesting`, linked into
  /// the test bundle, installs it when loaded). The scopes are kept until the process ends:
  /// nothing tells the library that a Swift Testing test has ended, so a test repeated in one
  /// run (`--repetitions`) finds the values its earlier runs set. The cases of a parameterized
  /// test share one identity, and run in parallel: a process-wide write in one is reported (use
  /// `.dependencyTestContext`, which gives each case a context of its own).
  ///
  /// ```swift
  /// @Test func usesAStub() {
  ///   AppEnvironment().with(\.apiClient, .stub)  // this test's own value
  /// }
  /// ```
  enum RunningTestScopes {
    /// `nonisolated(unsafe)`: an immutable reference; the dictionary is only touched under its
    /// lock, and no user code runs under it (a scope's `deinit` runs after it).
    nonisolated(unsafe) private static let scopes = LockedValue<[AnyHashable: Scope]>.make([:])

    /// Whether tests get scopes of their own: the process-wide values are in a strict context
    /// and a testing module says which test runs.
    private static let isolatesTests = isolates(root: root)

    /// Whether tests get scopes of their own, for the process-wide values `root`.
    static func isolates(root: Node) -> Bool {
      root.testContext?.defaults == .testValues && TestFailureReporting.reporter != nil
    }

    /// The running test's scope, if it has one already.
    static func existing() -> Scope? {
      guard isolatesTests, let test = TestFailureReporting.reporter?.currentTestKey else {
        return nil
      }
      return scopes.withLock { $0[test] }
    }

    /// The parameterized tests reported already, by key.
    nonisolated(unsafe) private static let reported = LockedValue<Set<AnyHashable>>.make([])

    /// Reports a process-wide write in a parameterized test, whose cases share its scope: once
    /// per test.
    static func checkWrite() {
      guard let reporter = TestFailureReporting.reporter, reporter.runningTestIsParameterized,
        Scope.current == nil, let test = reporter.currentTestKey, existing() != nil,
        reported.withLock({ $0.insert(test).inserted })
      else { return }
      TestFailureReporting.record(
        """
        A parameterized test set a dependency process-wide: its cases run in parallel and share \
        the values it sets that way. Give each case a context of its own with \
        `@Test(.dependencyTestContext, arguments: …)`, or set the values in \
        `Dependencies.withValues { … } operation: { … }`.
        """,
        at: nil)
    }

    /// The running test's scope, made on first use; `nil` where tests are not isolated, or no
    /// test is known to run on this task (or thread).
    static func current() -> Scope? {
      guard isolatesTests, let test = TestFailureReporting.reporter?.currentTestKey else {
        return nil
      }
      if let scope = scopes.withLock({ $0[test] }) { return scope }
      let context = TestContext(ownedByTheRunningTest: false)
      let made = TestContext.$current.withValue(context) {
        makeScope(on: nil, owning: context, { _ in })
      }
      // A scope made by a racing first use of the same test wins; `made` is released after the
      // lock.
      return scopes.withLock { scopes in
        if let existing = scopes[test] { return existing }
        scopes[test] = made
        return made
      }
    }
  }
}
