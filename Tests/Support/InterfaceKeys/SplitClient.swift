import DependencyValues

/// A client whose interface module (this one) declares only its test value; the module that
/// assembles the app (`ComposableEnvTests`) adds its live value, in another module, as apps that
/// follow swift-dependencies' interface pattern do.
public struct SplitClient: Sendable, Equatable {
  public var name: String

  public init(name: String) {
    self.name = name
  }
}

extension SplitClient: TestDependencyKey {
  public static var testValue: SplitClient { SplitClient(name: "test") }
}
