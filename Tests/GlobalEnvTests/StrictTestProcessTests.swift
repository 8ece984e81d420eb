import Dispatch
import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

// Keys of these tests only, so that no other test's reads or writes interfere.
extension DependencyKeys {
  fileprivate enum StrictUnset: DependencyKey {
    static var defaultValue: String { "live" }
  }

  fileprivate enum StrictTested: DependencyKey {
    static var defaultValue: String { "live" }
    static var testValue: String { "test" }
  }

  fileprivate enum StrictSession: DependencyKey {
    static var defaultValue: StrictSessionBox { StrictSessionBox() }
    static var testValue: StrictSessionBox { StrictSessionBox() }
  }
}

/// A stateful test value: each test gets one of its own.
private final class StrictSessionBox: Sendable {}

extension Dependencies {
  fileprivate var strictUnset: String {
    get { self[DependencyKeys.StrictUnset.self] }
    set { self[DependencyKeys.StrictUnset.self] = newValue }
  }

  fileprivate var strictTested: String {
    get { self[DependencyKeys.StrictTested.self] }
    set { self[DependencyKeys.StrictTested.self] = newValue }
  }

  fileprivate var strictSession: StrictSessionBox {
    get { self[DependencyKeys.StrictSession.self] }
    set { self[DependencyKeys.StrictSession.self] = newValue }
  }
}

private struct StrictReader: GlobalDependenciesAccessing {}

/// A model whose `@Dependency` is made in a test, and read from a task of no test.
private struct StrictModel: Sendable {
  @Dependency(\.strictTested) var tested
}

/// What a test that has no test context of its own sees in a process that runs tests: test values
/// everywhere, and process-wide writes that reach only the test.
@Suite struct StrictTestProcessTests {
  @Test func aTestWithoutAContextReadsTestValues() {
    #expect(StrictReader().strictTested == "test")
  }

  @Test func aTestWithoutAContextReportsAKeyWithoutATestValue() {
    var value = ""
    let messages = recordedIssues { value = StrictReader().strictUnset }
    #expect(value == "live")
    #expect(messages.count == 1)
    #expect(messages.first?.contains("DependencyKeys.StrictUnset") == true)
  }

  @Test func aReadOnAGCDQueueReadsTestValues() async {
    let value = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: StrictReader().strictTested) }
    }
    #expect(value == "test")
  }

  @Test func aProcessWideWriteInATestReachesOnlyThatTest() async {
    StrictReader().with(\.strictTested, "this test's")
    #expect(StrictReader().strictTested == "this test's")
    // A detached task belongs to no test: it reads the process-wide values.
    let outside = await Task.detached { StrictReader().strictTested }.value
    #expect(outside == "test")
  }

  @Test func prepareInATestReachesOnlyThatTest() async {
    Dependencies.prepare { $0.strictTested = "prepared" }
    #expect(StrictReader().strictTested == "prepared")
    let outside = await Task.detached { StrictReader().strictTested }.value
    #expect(outside == "test")
  }

  @Test func resetInATestResetsOnlyThatTestsValues() async {
    StrictReader().with(\.strictTested, "this test's")
    Dependencies.reset()
    #expect(StrictReader().strictTested == "test")
  }

  @Test func eachTestGetsTestValuesOfItsOwn() async {
    let mine = StrictReader().strictSession
    #expect(StrictReader().strictSession === mine)
    let outside = await Task.detached { StrictReader().strictSession }.value
    #expect(outside !== mine)
  }

  @Test func withEscapedValuesCarriesTheTestsValuesToAThread() async {
    StrictReader().with(\.strictTested, "this test's")
    let value = await withCheckedContinuation { continuation in
      Dependencies.withEscapedValues { escaped in
        DispatchQueue.global().async {
          continuation.resume(returning: escaped.yield { StrictReader().strictTested })
        }
      }
    }
    #expect(value == "this test's")
  }

  @Test func aTestContextEnteredAfterAProcessWideWriteSeesIt() {
    StrictReader().with(\.strictTested, "this test's")
    #expect(withDependencyTestContext { StrictReader().strictTested } == "this test's")
  }

  @Test func aModelMadeInATestDoesNotCarryTheTestsValuesToOtherTasks() async {
    StrictReader().with(\.strictTested, "this test's")
    let model = StrictModel()
    #expect(model.tested == "this test's")
    let elsewhere = await Task.detached { model.tested }.value
    #expect(elsewhere == "test")
  }

  /// Reported once per test, by whichever case writes first: each case counts what it saw, and
  /// the case that finishes second checks that the two saw one report between them.
  @Test(arguments: [1, 2])
  func aProcessWideWriteInAParameterizedTestIsReportedOnce(argument: Int) {
    let messages = recordedIssues(orNone: true) {
      StrictReader().with(\.strictTested, "case \(argument)")
    }
    #expect(messages.allSatisfy { $0.contains("A parameterized test set a dependency") })
    var seen = (finished: 0, reports: 0)
    ParameterizedWriteReports.seen.update {
      $0.finished += 1
      $0.reports += messages.count
      seen = $0
    }
    #expect(seen.reports <= 1, "reported once, not by each case")
    if seen.finished == 2 { #expect(seen.reports == 1, "one of the two cases saw the report") }
  }

  @Test(.dependencyContext(.live)) func aLiveContextReadsLiveValuesAndReportsNothing() {
    #expect(StrictReader().strictUnset == "live")
    #expect(StrictReader().strictTested == "live")
    #expect(StrictReader().context == .live)
  }

  @Test func withDependencyContextLiveReadsLiveValues() {
    #expect(withDependencyContext(.live) { StrictReader().strictTested } == "live")
  }

  @Test func withDependencyContextPreviewReadsPreviewValues() {
    #expect(withDependencyContext(.preview) { StrictReader().context } == .preview)
  }
}

/// What the cases of the parameterized write test saw: how many finished, and the reports.
private enum ParameterizedWriteReports {
  static let seen = Shared<(finished: Int, reports: Int)>((0, 0))
}
