import ComposableEnv
import ComposableEnvTesting
import OwnBuiltInNames
import Testing

private final class OwnNamesRoot: ComposableEnvironment {
  @Dependency(\.date) var date
  @Dependency(\.uuid) var uuid
}

/// A `date` or `uuid` declared on `Dependencies` in another module (as 0.5 apps did) is the one
/// read, not the built-in of the same name: the built-ins are disfavored.
@Suite struct OwnBuiltInNamesTests {
  @Test(.dependencyContext(.live)) func aDateDeclaredInAnotherModuleIsTheOneRead() {
    let date: @Sendable () -> Int = OwnNamesRoot().date
    #expect(date() == 1_234)
  }

  @Test(.dependencyContext(.live)) func aUUIDDeclaredInAnotherModuleIsTheOneRead() {
    let uuid: String = OwnNamesRoot().uuid
    #expect(uuid == "own-uuid")
  }

  @Test func aKeyPathToAnotherModulesDateWritesIt() {
    // A closure literal: inferred `@Sendable` although two modules declare `date`.
    #expect(OwnNamesRoot().with(\.date, { 5 }).date() == 5)
  }
}
