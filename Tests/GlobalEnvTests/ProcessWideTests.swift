import GlobalEnv
import Testing

/// Every test that changes process-wide values, aliases or defaults, serialized with each other;
/// the only tests that touch their keys outside a scope.
@Suite("Process-wide state", .serialized)
enum ProcessWideState {}

extension ProcessWideState {
  @Suite("Process-wide values")
  struct ProcessWideTests {
    init() {
      Dependencies.reset()
      Dependencies.clearAliases()
    }

    @Test func valueSetOnOneEnvironmentReachesUnrelatedOnes() {
      AppEnvironment().with(\.counter, 3)
      #expect(FeatureEnvironment().counter == 3)
      #expect(Reader().counter == 3)
      #expect(AppEnvironment().feature.counter == 3)
    }

    @Test func subscriptReadsAndWrites() {
      let environment = FeatureEnvironment()
      environment[\.label] = "subscript"
      #expect(environment[\.label] == "subscript")
      #expect(AppEnvironment().label == "subscript")
    }

    @Test func directMemberAccessReadsUndeclaredDependencies() {
      AppEnvironment().with(\.secondary, "direct")
      // FeatureEnvironment declares no `secondary`: dynamic member lookup reads it.
      #expect(FeatureEnvironment().secondary == "direct")
    }

    @Test func resetRestoresDefaults() {
      AppEnvironment().with(\.counter, 9).with(\.label, "set")
      Dependencies.reset()
      #expect(AppEnvironment().counter == 0)
      #expect(AppEnvironment().label == "label-default")
    }

    @Test func defaultIsComputedOnceUntilReset() {
      let before = Counters.countedDefault.count
      _ = AppEnvironment().countedDefault
      _ = FeatureEnvironment().countedDefault
      #expect(Counters.countedDefault.count - before == 1)
      Dependencies.reset()
      #expect(AppEnvironment().countedDefault == 100)
      #expect(Counters.countedDefault.count - before == 2)
    }

    @Test func aliasJoinsTwoKeysProcessWide() {
      AppEnvironment().aliasing(\.secondary, to: \.primary)
      #expect(FeatureEnvironment().secondary == "primary-default")
      FeatureEnvironment().with(\.secondary, "through-alias")
      #expect(AppEnvironment().primary == "through-alias")
    }

    @Test func clearAliasesSeparatesTheKeys() {
      AppEnvironment().aliasing(\.secondary, to: \.primary).with(\.primary, "shared")
      #expect(AppEnvironment().secondary == "shared")
      Dependencies.clearAliases()
      #expect(AppEnvironment().secondary == "secondary-default")
      #expect(AppEnvironment().primary == "shared")
    }

    @Test func aliasBuilderOnDerivedEnvironmentDeclaresTheAlias() {
      let app = AppEnvironment()
      app.with(\.primary, "from-primary")
      #expect(app.aliasing.tertiary == "from-primary")
    }

    @Test func aliasesDeclaredInSeveralStatementsAreAllDeclared() {
      struct TwoStatementAliases: GlobalEnvironment {
        @DerivedEnvironment<AliasingEnvironment>(aliases: {
          $0.alias(\.tertiary, to: \.primary)
          $0.alias(\.secondary, to: \.primary)
        })
        var child
      }
      let host = TwoStatementAliases()
      _ = host.child
      host.with(\.primary, "shared")
      #expect(host.child.tertiary == "shared")
      #expect(AppEnvironment().secondary == "shared")
    }

    @Test func aliasesApplyInsideScopes() {
      AppEnvironment().aliasing(\.secondary, to: \.primary)
      let seen = Dependencies.withValues {
        $0.primary = "scoped"
      } operation: {
        AppEnvironment().secondary
      }
      #expect(seen == "scoped")
    }

    @Test func derivedEnvironmentIsCreatedOnce() {
      let app = AppEnvironment()
      let first = app.feature
      _ = app.feature
      app.with(\.counter, 4)
      #expect(first.counter == 4)
    }

    @Test func concurrentWritersAndReadersSeeOnlyValuesThatWereSet() async {
      let app = AppEnvironment()
      app.with(\.stress, 0)
      let unexpected = await withTaskGroup(of: [Int].self) { group in
        for writer in 0..<4 {
          group.addTask {
            for step in 0..<500 { app.with(\.stress, writer * 500 + step) }
            return []
          }
        }
        for _ in 0..<8 {
          group.addTask {
            (0..<2_000).map { _ in AppEnvironment().stress }.filter { !(0..<2_000).contains($0) }
          }
        }
        return await group.reduce(into: [Int]()) { $0 += $1 }
      }
      #expect(unexpected.isEmpty)
    }
  }
}
