import DependencyValues
import Testing

/// What the library writes where no test runs: a report of the library, at the user's line, that
/// does not call itself a test failure (issue 53).
@Suite("Reports outside tests")
struct ReportWordingTests {
  @Test func aReportInAProgramThatRunsNoTestDoesNotSayTestFailure() {
    let location = TestFailureLocation(
      fileID: "App/Feature.swift", filePath: "/App/Feature.swift", line: 12, column: 5)
    let line = TestFailureReporting.lineWithoutTest(
      "APIClient.fetch is unimplemented", at: location)
    #expect(line == "App/Feature.swift:12: swift-composable-env: APIClient.fetch is unimplemented")
    #expect(!line.contains("test failure"))
  }
}
