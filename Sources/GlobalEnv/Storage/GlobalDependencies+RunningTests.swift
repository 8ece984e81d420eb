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
  /// the test bundle, installs it when loaded). A test run under a trait of `GlobalEnvTesting`
  /// (`.dependencies`, `.dependencyTestContext`, `.dependencyContext`) keeps its scope in that
  /// run (`TestRun`): it ends with the trait's scope, and with it the values, the context's
  /// defaults and the overlays it held; a repetition (`--repetitions`) starts afresh. An XCTest
  /// case keeps its scope until it finishes (the reporter's `whenRunningTestEnds`), when the
  /// scope ends. A Swift Testing test without one of those traits keeps its scope, by the
  /// test's identity, until the process ends: Swift Testing tells no one that a test ended, so
  /// its repetitions find the values its earlier runs set (a suite's `.dependencies` trait gives
  /// each of its tests a run). The cases of a parameterized test share one identity, and run in parallel: a
  /// process-wide write in one is reported (use `.dependencyTestContext`, which gives each case
  /// a context of its own).
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

    /// The parameterized tests reported already, by key.
    nonisolated(unsafe) private static let reported = LockedValue<Set<AnyHashable>>.make([])

    /// Reports a process-wide write in a parameterized test, whose cases share its scope: once
    /// per test.
    static func checkWrite() {
      guard let reporter = TestFailureReporting.reporter, reporter.runningTestIsParameterized,
        Scope.current == nil, let test = reporter.currentTestKey, current(making: false) != nil,
        reported.withLock({ $0.insert(AnyHashable(test)).inserted })
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

    /// The running test's scope, made on first use (when not `making`, only one made before);
    /// `nil` where tests are not isolated, or no test is known to run on this task (or thread).
    static func current(making: Bool = true) -> Scope? {
      guard isolatesTests else { return nil }
      if let run = TestRun.current {
        return scope(in: run.scope, at: \.self, making: making)?.scope
      }
      guard let reporter = TestFailureReporting.reporter, let test = reporter.currentTestKey,
        let found = scope(in: scopes, at: \.[AnyHashable(test)], making: making)
      else { return nil }
      // Ended with the test where the framework says when (an XCTest case): its values are
      // released, and the key (a case's identity, which a later case may reuse) is free again.
      if found.isNew { _ = reporter.whenRunningTestEnds { end(test) } }
      return found.scope
    }

    /// Ends the scope of `test`, a test that ended: what it holds is released after the lock.
    private static func end(_ test: any Hashable & Sendable) {
      _ = scopes.withLock { $0.removeValue(forKey: AnyHashable(test)) }
    }

    /// The scope `slot` holds at `path`, or else, when `making`, a new one for the test, on the
    /// process-wide values, with a strict context of its own, kept there (`isNew`). A scope made
    /// by a racing first use wins; the other is released after the lock.
    private static func scope<Slot>(
      in slot: LockedValue<Slot>, at path: WritableKeyPath<Slot, Scope?>, making: Bool
    ) -> (scope: Scope, isNew: Bool)? {
      if let scope = slot.withLock({ $0[keyPath: path] }) { return (scope, false) }
      guard making else { return nil }
      let context = TestContext(ownedByTheRunningTest: false)
      let made = TestContext.$current.withValue(context) {
        makeScope(on: nil, owning: context, { _ in })
      }
      return slot.withLock { slot in
        if let existing = slot[keyPath: path] { return (existing, false) }
        slot[keyPath: path] = made
        return (made, true)
      }
    }
  }

  /// One run of a test under a trait of `GlobalEnvTesting`: it holds the test's own scope, made
  /// on first use as `RunningTestScopes` says, for that run only. The scope ends, releasing its
  /// values, its context's defaults and its overlays, when the run's operation has returned and
  /// every task that inherited the run has ended (or, if a `@Dependency` made in a `withValues`
  /// scope on it, or `withEscapedValues`, still holds it, when they let go).
  ///
  /// `@unchecked Sendable`: its only state is under its lock (a leaf lock: no user code runs
  /// under it, and the scope is released after it, in the run's `deinit`).
  final class TestRun: @unchecked Sendable {
    @TaskLocal static var current: TestRun?

    /// The test's own scope in this run, once made.
    let scope = LockedValue<Scope?>.make(nil)
  }
}

extension Dependencies {
  /// Runs `operation` as one run of the running test (for `GlobalEnvTesting`'s traits): the
  /// scope the test gets of its own (see `RunningTestScopes`) is made for this run and ends with
  /// it, so that a test repeated in one process (`--repetitions`) starts afresh and a long run
  /// keeps a flat heap. Inside a run already (a test with several of the traits), `operation`
  /// runs in that one.
  ///
  /// ```swift
  /// try await Dependencies.withTestRun { try await Dependencies.withValues(update, operation: body) }
  /// ```
  package static func withTestRun<Result>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
  ) async rethrows -> Result {
    if GlobalDependencies.TestRun.current != nil { return try await operation() }
    return try await GlobalDependencies.TestRun.$current.withValue(
      GlobalDependencies.TestRun(), operation: operation)
  }
}
