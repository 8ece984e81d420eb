import ComposableEnv
import ComposableEnvTesting
import DependencyValues
import InterfaceKeys
import Testing

/// A client whose interface module declares only its test value.
struct InterfaceOnlyClient: Sendable, Equatable {
  var name: String
}

extension InterfaceOnlyClient: TestDependencyKey {
  static var testValue: InterfaceOnlyClient { InterfaceOnlyClient(name: "test") }
}

extension Dependencies {
  var interfaceOnlyClient: InterfaceOnlyClient {
    get { self[InterfaceOnlyClient.self] }
    set { self[InterfaceOnlyClient.self] = newValue }
  }
  var splitClient: SplitClient {
    get { self[SplitClient.self] }
    set { self[SplitClient.self] = newValue }
  }
}

private final class ClientsEnvironment: ComposableEnvironment {
  @Dependency(\.interfaceOnlyClient) var interfaceOnly
  @Dependency(\.splitClient) var split
}

/// Test-only keys: an interface module declares the test value, the app the live one.
@Suite struct TestDependencyKeyTests {
  @Test(.dependencyTestContext) func aTestOnlyKeyReadsItsTestValueInATestWithoutReport() {
    #expect(ClientsEnvironment().interfaceOnly.name == "test")
  }

  @Test func aTestOnlyKeyWithoutLiveValueReadsItsTestValueOutsideTestsAndGoesOn() {
    #expect(ClientsEnvironment().interfaceOnly.name == "test")
    #expect(ClientsEnvironment().interfaceOnly.name == "test", "reported once, never stops")
  }

  @Test(.dependencyContext(.live)) func aKeyWhoseLiveConformanceIsAddedElsewhereReadsItsLiveValue()
  {
    #expect(ClientsEnvironment().split.name == "live")
  }

  @Test(.dependencyTestContext)
  func aKeyWhoseLiveConformanceIsAddedElsewhereReadsItsTestValueInATest() {
    #expect(ClientsEnvironment().split.name == "test")
  }

  @Test func aTestOnlyKeysPreviewValueIsItsTestValue() {
    #expect(InterfaceOnlyClient.previewValue == InterfaceOnlyClient.testValue)
  }

  @Test func aTestOnlyKeyIsSetLikeAnyOther() {
    let environment = ClientsEnvironment().with(
      \.interfaceOnlyClient, InterfaceOnlyClient(name: "set"))
    #expect(environment.interfaceOnly.name == "set")
  }

  @Test func aKeyDeclaredAsADependencyKeyBoxesItsLiveValueInItsConformance() {
    let box = boxedLiveValue(through: DirectClient.self)
    #expect((box as? Box<DirectClient>)?.value == DirectClient(name: "live"))
  }

  @Test func aKeyWithoutALiveValueLeavesItToTheEnvironmentsInItsConformance() {
    #expect(boxedLiveValue(through: InterfaceOnlyClient.self) == nil)
  }

  @Test func aKeyWhoseLiveValueAnotherModuleAddsLeavesItToTheEnvironmentsInItsConformance() {
    // Its interface module's conformance knows no live value: the environments find it at run
    // time (the read above, `aKeyWhoseLiveConformanceIsAddedElsewhereReadsItsLiveValue`).
    #expect(boxedLiveValue(through: SplitClient.self) == nil)
  }
}

/// `_boxedLiveValue()` as the environments call it: through the key's `TestDependencyKey`
/// conformance.
private func boxedLiveValue<Key: TestDependencyKey>(through key: Key.Type) -> AnyObject? {
  Key._boxedLiveValue()?.box
}

/// A client whose key is declared a `DependencyKey` at once, as most are.
private struct DirectClient: DependencyKey, Equatable {
  var name: String
  static var defaultValue: DirectClient { DirectClient(name: "live") }
}
