import GlobalEnv
import GlobalEnvTesting
import OwnBuiltInNames
import Testing

private struct OwnNamesReader: GlobalDependenciesAccessing {
  @Dependency(\.date) var date
}

/// In GlobalEnv too, a `date` declared on `Dependencies` in another module is the one read and
/// set, not the built-in of the same name.
@Suite struct GlobalOwnBuiltInNamesTests {
  @Test(.dependencyContext(.live)) func aDateDeclaredInAnotherModuleIsTheOneRead() {
    let date: @Sendable () -> Int = OwnNamesReader().date
    #expect(date() == 1_234)
  }

  @Test func aScopeSetsAnotherModulesDateWithAClosureLiteral() {
    let read = Dependencies.withValues {
      $0.date = { 6 }
    } operation: {
      OwnNamesReader().date()
    }
    #expect(read == 6)
  }
}
