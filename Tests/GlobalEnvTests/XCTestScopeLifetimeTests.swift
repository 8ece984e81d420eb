import GlobalEnv
import GlobalEnvTesting
import TestSupport
import XCTest

extension DependencyKeys {
  fileprivate enum CaseToken: DependencyKey {
    static var defaultValue: LiveToken? { nil }
    static var testValue: LiveToken? { nil }
  }
}

extension Dependencies {
  fileprivate var caseToken: LiveToken? {
    get { self[DependencyKeys.CaseToken.self] }
    set { self[DependencyKeys.CaseToken.self] = newValue }
  }
}

/// An XCTest case's own scope (what it sets process-wide with no scope of its own) ends when the
/// case finishes: its values are released, and a case that runs later starts afresh, even one
/// that reuses a finished case's memory.
final class XCTestScopeLifetimeTests: XCTestCase {
  func testWhatAFinishedCaseSetProcessWideIsReleased() {
    let live = LiveCount()
    InnerCase.running { Dependencies.prepare { $0.caseToken = LiveToken("case", live) } }
    expect(live.count == 0, "the finished case's value is still alive")
  }

  func testCasesRunOneAfterAnotherDoNotSeeEachOthersValues() {
    // A case's scope is found by the case's identity, which a case made after another one
    // finished may reuse: twenty cases in a row give the allocator that chance.
    let live = LiveCount()
    var seen: [String] = []
    for index in 0..<20 {
      InnerCase.running {
        if let token = TokenEnvironment().token { seen.append(token.name) }
        TokenEnvironment().with(\.caseToken, LiveToken("case \(index)", live))
      }
    }
    expect(seen.isEmpty, "cases read the values of cases before them: \(seen)")
  }

  /// Records a failure of this case unless `condition` holds. (`XCTAssert` records on the
  /// running case, which XCTest on Linux no longer knows once an inner case ran.)
  private func expect(_ condition: Bool, _ message: String, line: Int = #line) {
    guard !condition else { return }
    recordFailure(withDescription: message, inFile: #filePath, atLine: line, expected: true)
  }
}

/// Reads and sets the case's token.
private struct TokenEnvironment: GlobalEnvironment {
  @Dependency(\.caseToken) var token
}

/// A case that runs inside the running one, as XCTest runs a case: its observers see it start
/// and finish.
private final class InnerCase: XCTestCase {
  /// What the case's test runs.
  private var body: () -> Void = {}

  /// Runs `body` as the test of a case of its own, then lets the case go.
  static func running(_ body: @escaping () -> Void) {
    #if canImport(ObjectiveC)
      let inner = InnerCase(selector: #selector(InnerCase.testBody))
    #else
      let inner = InnerCase(name: "testBody") { ($0 as? InnerCase)?.testBody() }
    #endif
    inner.body = body
    inner.run()
  }

  #if canImport(ObjectiveC)
    @objc func testBody() { body() }
  #else
    func testBody() { body() }
  #endif
}
