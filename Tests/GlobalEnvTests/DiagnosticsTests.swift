import GlobalEnv
import Testing

@Suite("Provenance")
struct DiagnosticsTests {
  @Test func scopedOverrideIsReportedWithItsLevel() {
    Dependencies.withValues {
      $0.scoped = 1
    } operation: {
      #expect(Reader().scoped == 1)
      #expect(FeatureEnvironment().provenance(of: \.scoped).origin == .scope(level: 1))
      Dependencies.withValues {
        $0.scopedName = "inner"
      } operation: {
        #expect(FeatureEnvironment().provenance(of: \.scopedName).origin == .scope(level: 2))
        #expect(FeatureEnvironment().provenance(of: \.scoped).origin == .scope(level: 1))
        #expect(
          FeatureEnvironment().provenance(of: \.scopedName).description
            == "DependencyKeys.ScopedName = \"inner\": set by withValues scope 2 of this task"
        )
      }
    }
  }

  @Test func unsetValueIsReportedAsTheDefault() {
    let provenance = FeatureEnvironment().provenance(of: \.scoped)
    #expect(provenance.origin == .defaultValue)
    #expect(provenance.value == "0")
  }
}

extension ProcessWideState {
  @Suite("Process-wide provenance and dumps")
  struct ProcessWideDiagnosticsTests {
    init() {
      Dependencies.reset()
      Dependencies.clearAliases()
    }

    @Test func processWideValueIsReportedAsProcessWide() {
      AppEnvironment().with(\.label, "global")
      #expect(FeatureEnvironment().provenance(of: \.label).origin == .processWide)
    }

    @Test func textDumpShowsProcessWideValuesAliasesAndTheTasksScopes() {
      AppEnvironment().with(\.label, "global").aliasing(\.secondary, to: \.primary)
      Dependencies.withValues {
        $0.counter = 5
      } operation: {
        #expect(
          AppEnvironment().dependencyTree() == """
            Process-wide dependencies
            └─ Process-wide dependencies of this test
               │  sets DependencyKeys.Label = "global"
               │  aliases DependencyKeys.Secondary → DependencyKeys.Primary
               └─ withValues scope 1
                     sets DependencyKeys.Counter = 5
            """
        )
      }
      Dependencies.clearAliases()
    }
  }
}
