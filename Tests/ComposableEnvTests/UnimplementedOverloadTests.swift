import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

private enum LoadError: Error, Equatable {
  case unavailable
}

/// The `unimplemented` overloads of swift-dependencies (IssueReporting): typed errors, a value,
/// an endpoint without a name.
@Suite struct UnimplementedOverloadTests {
  @Test func aTypedThrowingEndpointThrowsItsError() {
    let load: @Sendable (Int) throws(LoadError) -> String = unimplemented(
      "Loader.load", throwing: LoadError.unavailable)
    let messages = recordedIssues {
      #expect(throws: LoadError.unavailable) { try load(3) }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Loader.load was called with (3)") == true)
  }

  @Test func anAsynchronousTypedThrowingEndpointThrowsItsError() async {
    let fetch: @Sendable () async throws(LoadError) -> Int = unimplemented(
      "Loader.fetch", throwing: .unavailable)
    let messages = await recordedIssuesAsync {
      await #expect(throws: LoadError.unavailable) { try await fetch() }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Loader.fetch was called.") == true)
  }

  @Test func anUnimplementedValueFailsTheTestAndGivesItsPlaceholder() {
    var value = 0
    let messages = recordedIssues {
      value = unimplemented("Configuration.retries", placeholder: 3)
    }
    #expect(value == 3)
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Configuration.retries was evaluated") == true)
  }

  @Test func anEndpointWithoutANameIsNamedByWhereItWasMade() {
    let count: @Sendable () -> Int = unimplemented(placeholder: 0)
    let messages = recordedIssues { _ = count() }
    #expect(messages.count == 1)
    #expect(
      messages.first?.contains("the endpoint made at ComposableEnvTests/UnimplementedOverloadTests")
        == true)
  }
}
