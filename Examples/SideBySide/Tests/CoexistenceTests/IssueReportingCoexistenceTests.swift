import ConcurrencyExtras
import GlobalEnv
import GlobalEnvTesting
import IssueReporting
import Testing

/// A client whose test value is made of IssueReporting-shaped `unimplemented` endpoints, in a file
/// that imports both GlobalEnv and IssueReporting: the call picks IssueReporting's (the more
/// specific), with the same behaviour, instead of being ambiguous.
struct CoexistingClient: Sendable {
  var count: @Sendable () -> Int
  var fetch: @Sendable (Int) async throws -> String
  var log: @Sendable (String) -> Void
}

extension CoexistingClient: TestDependencyKey {
  static let testValue = CoexistingClient(
    count: unimplemented("CoexistingClient.count", placeholder: 0),
    fetch: unimplemented("CoexistingClient.fetch"),
    log: unimplemented("CoexistingClient.log")
  )
}

extension DependencyValues {
  var coexistingClient: CoexistingClient {
    get { self[CoexistingClient.self] }
    set { self[CoexistingClient.self] = newValue }
  }
}

@Suite struct IssueReportingCoexistenceTests {
  @Test func anUnimplementedEndpointFailsTheTestThatCallsIt() {
    withKnownIssue {
      #expect(CoexistingClient.testValue.count() == 0)
    }
  }

  @Test func reportIssueIsIssueReportings() {
    withKnownIssue {
      reportIssue("reported through IssueReporting")
    }
  }

  @Test func concurrencyExtrasNamesAreItsOwn() {
    let counter = LockIsolated(0)
    counter.withValue { $0 += 1 }
    #expect(counter.value == 1)
  }

  @Test func aCallQualifiedBySwiftDependenciesModuleNameCompiles() {
    let count = Dependencies.withDependencies {
      $0.coexistingClient.count = { 5 }
    } operation: {
      @Dependency(\.coexistingClient) var client
      return client.count()
    }
    #expect(count == 5)
  }
}
