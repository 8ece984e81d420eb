import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

@Suite struct UnimplementedTests {
  @Test func aSynchronousEndpointReturnsItsPlaceholder() {
    let unread: @Sendable (String, Int) -> Int = unimplemented("Inbox.unread", placeholder: 0)
    var result = -1
    let messages = recordedIssues { result = unread("inbox", 2) }
    #expect(result == 0)
    #expect(messages.first?.contains("Inbox.unread was called with (\"inbox\", 2)") == true)
  }

  @Test func anAsynchronousEndpointReturnsItsPlaceholder() async {
    let unread: @Sendable () async -> Int = unimplemented("Inbox.unread", placeholder: 5)
    var result = -1
    let messages = await recordedIssuesAsync { result = await unread() }
    #expect(result == 5)
    #expect(messages.first?.contains("Unimplemented: Inbox.unread was called.") == true)
  }

  @Test func aThrowingEndpointThrowsNamingItself() {
    let save: @Sendable (String) throws -> Void = unimplemented("Drafts.save")
    let messages = recordedIssues {
      #expect(throws: UnimplementedEndpoint(endpoint: "Drafts.save")) { try save("draft") }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Drafts.save was called with (\"draft\")") == true)
  }

  @Test func anAsynchronousVoidEndpointReturns() async {
    let ping: @Sendable () async -> Void = unimplemented("Server.ping")
    let messages = await recordedIssuesAsync { await ping() }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("`client.ping = { … }`") == true)
  }

  @Test func theErrorSaysWhichEndpointIsUnimplemented() {
    let error = UnimplementedEndpoint(endpoint: "APIClient.fetch")
    #expect(error.endpoint == "APIClient.fetch")
    #expect("\(error)" == "APIClient.fetch is unimplemented")
  }

  @Test func anAsynchronousTestContextReportsLikeASynchronousOne() async {
    let messages = await recordedIssuesAsync {
      let value = await withDependencyTestContext { () async -> String in
        await Task.yield()
        return AsyncContextRoot().asyncContextUnset
      }
      #expect(value == "live")
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.contains(
        nameOfRead("\\Dependencies.asyncContextUnset", key: "DependencyKeys.AsyncContextUnset"))
        == true)
  }
}

extension DependencyKeys {
  fileprivate enum AsyncContextUnset: DependencyKey {
    static var defaultValue: String { "live" }
  }
}

extension Dependencies {
  fileprivate var asyncContextUnset: String {
    get { self[DependencyKeys.AsyncContextUnset.self] }
    set { self[DependencyKeys.AsyncContextUnset.self] = newValue }
  }
}

private final class AsyncContextRoot: ComposableEnvironment {}
