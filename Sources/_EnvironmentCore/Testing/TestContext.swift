import DependencyValues
import _EnvironmentAtomics

/// A test's strictness about dependencies: environments created inside it read keys' test values
/// where no environment sets a value, and a read of a key that has none fails the test, once per
/// test and key.
///
/// A context is entered per test (a task-local value, so parallel tests each have their own) by
/// the testing modules. Outside any task's context, a process running tests is strict as a
/// whole (`processWide`), unless `SWIFT_COMPOSABLE_ENV_CONTEXT=live`; the variable can also make
/// any other process strict (`test`) or a preview (`preview`). A node belongs to the context in
/// force when it was created (see `Node.makeRoot`), which never changes: its defaults are that
/// context's, unless a `context` set on its path switches them (`switching(_:to:)`).
///
/// `@unchecked Sendable`: the only mutable state is the set of reported keys and the held
/// failures, each under its lock.
package final class TestContext: @unchecked Sendable {
  /// The context entered by the current task, if any.
  @TaskLocal package static var current: TestContext?

  /// The context of every environment created outside a task's context: in an Xcode preview, a
  /// preview context; in a process that runs tests (`TestProcess.isRunningTests`), or with
  /// `SWIFT_COMPOSABLE_ENV_CONTEXT=test`, a strict one that belongs to no test; otherwise none.
  /// The variable decides over the kind of process; read once.
  package static let processWide: TestContext? = {
    guard let setting = environmentVariable(variableName) else {
      // An Xcode preview is a preview context unless the variable says otherwise.
      if environmentVariable("XCODE_RUNNING_FOR_PREVIEWS") == "1" {
        return TestContext(reading: .previewValues)
      }
      return TestProcess.isRunningTests ? TestContext(ownedByTheRunningTest: false) : nil
    }
    switch setting.lowercased() {
    case "test": return TestContext(ownedByTheRunningTest: false)
    case "preview": return TestContext(reading: .previewValues)
    case "live", "": return nil
    default:
      reportMisuse(
        """
        \(variableName)=\(setting) is not a context: use `test` (every environment reads test \
        values and reports dependencies that have none; the default in a process that runs \
        tests), `preview` (every environment reads preview values) or `live` (every environment \
        reads live values; the default elsewhere).
        """)
    }
  }()

  /// What a context's defaults are: keys' test values, their preview values, or their live
  /// values (a test that opted out of strictness).
  package enum Defaults: Sendable, Hashable {
    case testValues
    case previewValues
    case liveValues
  }

  /// Whether this context's defaults are test values (a test context), preview values or live
  /// values.
  package let defaults: Defaults

  /// The environment variable that makes every environment of the process strict.
  package static let variableName = "SWIFT_COMPOSABLE_ENV_CONTEXT"

  /// Which (test, key) pairs were reported already.
  private let reported = LockedValue<Set<ReportedKey>>.make([])

  /// The test that was running when the context was created (its scope's test), if any: the one
  /// its failures are attributed to (see `record(_:at:)`).
  package let owner: String?

  /// Failures raised for `owner` off its task, recorded when its scope ends. Shared with the
  /// contexts switched to from this one, whose failures are this one's test's.
  let held: LockedValue<HeldFailures>

  /// The contexts that `context` settings switch nodes of this context to, made on first use
  /// (see `switched(to:)`). A leaf lock.
  let switchedContexts = LockedValue<[Defaults: TestContext]>.make([:])

  /// Values that the context's environments read, in place of the keys' defaults, where no
  /// environment on their path sets the key: a test trait's (`.dependency(\.x, value)`), set
  /// once, when the context is made. The last one of a key wins. Released with the context,
  /// after the last environment made in it.
  package let values: [(key: KeyInfo, box: AnyObject)]

  /// A strict context for the running test (for the process-wide context,
  /// `ownedByTheRunningTest` is false: it belongs to no test).
  ///
  /// ```swift
  /// let context = TestContext()
  /// ```
  package convenience init(ownedByTheRunningTest: Bool = true) {
    self.init(
      owner: ownedByTheRunningTest ? TestFailureReporting.reporter?.currentTestIdentity : nil,
      defaults: .testValues)
  }

  /// A context whose defaults are `defaults` but for `values`, which its environments read in
  /// place of those keys' defaults (see `values`): for test values, a strict context for the
  /// running test; otherwise one that belongs to no test.
  ///
  /// ```swift
  /// let live = TestContext(reading: .liveValues)  // a test that reads live values
  /// let context = TestContext(reading: .testValues, values: traitValues.localValues())
  /// ```
  package convenience init(
    reading defaults: Defaults, values: [(key: KeyInfo, box: AnyObject)] = []
  ) {
    self.init(
      owner: defaults == .testValues ? TestFailureReporting.reporter?.currentTestIdentity : nil,
      defaults: defaults, values: values)
  }

  /// The context `context` names: a strict one for `.test`, whose failures are the running
  /// test's; preview values for `.preview`; live values for `.live`; with `values` (see
  /// `values`).
  ///
  /// ```swift
  /// let context = TestContext(for: .live)
  /// ```
  package convenience init(
    for context: DependencyContext, values: [(key: KeyInfo, box: AnyObject)] = []
  ) {
    self.init(reading: Defaults(context), values: values)
  }

  /// A context whose failures are held in `held` (by default, its own; a switched context
  /// shares its origin's), with `values` (see `values`).
  init(
    owner: String?, defaults: Defaults, held: LockedValue<HeldFailures> = .make(HeldFailures()),
    values: [(key: KeyInfo, box: AnyObject)] = []
  ) {
    self.owner = owner
    self.defaults = defaults
    self.held = held
    self.values = values
    environment_live_test_contexts_add(1)
  }

  deinit { environment_live_test_contexts_add(-1) }

  /// The value `values` gives `key`, if any.
  func value(of key: KeyInfo) -> AnyObject? { values.last { $0.key.id == key.id }?.box }

  /// Whether a missing test value of `key` is to be reported now: the first time for this
  /// context, and, for the process-wide context, for the running test.
  func claimsReport(of key: KeyInfo, test: String?) -> Bool {
    reported.withLock { $0.insert(ReportedKey(key: key.id, test: test)).inserted }
  }

  /// The context a new root environment belongs to: the current task's, or the process-wide one.
  /// While no context is alive (outside tests), one atomic load decides that the task-local
  /// lookup is not needed.
  static var forNewRoot: TestContext? {
    (environment_live_test_contexts_load() != 0 ? current : nil) ?? processWide
  }
}

private struct ReportedKey: Hashable {
  let key: ObjectIdentifier
  let test: String?
}
