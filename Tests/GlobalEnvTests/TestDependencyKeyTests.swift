import GlobalEnv
import GlobalEnvTesting
import Testing

/// A client whose interface module declares only its test value.
struct GlobalInterfaceOnlyClient: Sendable {
  var name: String
}

extension GlobalInterfaceOnlyClient: TestDependencyKey {
  static var testValue: GlobalInterfaceOnlyClient { GlobalInterfaceOnlyClient(name: "test") }
}

extension Dependencies {
  var globalInterfaceOnlyClient: GlobalInterfaceOnlyClient {
    get { self[GlobalInterfaceOnlyClient.self] }
    set { self[GlobalInterfaceOnlyClient.self] = newValue }
  }
}

private struct ClientReader: GlobalDependenciesAccessing {}

/// Test-only keys in GlobalEnv: read in a test, in a scope, and with no live value outside tests.
@Suite struct GlobalTestDependencyKeyTests {
  @Test(.dependencyTestContext) func aTestOnlyKeyReadsItsTestValueInATest() {
    #expect(ClientReader().globalInterfaceOnlyClient.name == "test")
  }

  @Test func aTestOnlyKeyWithoutLiveValueReadsItsTestValueOutsideTests() {
    #expect(ClientReader().globalInterfaceOnlyClient.name == "test")
  }

  @Test func aTestOnlyKeyIsOverriddenInAScopeLikeAnyOther() {
    let name = Dependencies.withValues {
      $0.globalInterfaceOnlyClient = GlobalInterfaceOnlyClient(name: "scoped")
    } operation: {
      ClientReader().globalInterfaceOnlyClient.name
    }
    #expect(name == "scoped")
  }
}
