import GlobalEnv
import TestSupport
import Testing

// Code written for ComposableEnv, built unchanged against GlobalEnv through the deprecated
// `ComposableEnvironment` shim. Declarations that use the shim are themselves marked deprecated,
// which keeps this target free of deprecation warnings.

@available(*, deprecated, message: "Exercises the ComposableEnvironment migration shim.")
private final class LegacyRootEnvironment: ComposableEnvironment {
  @Dependency(\.scoped) var scoped
  @DerivedEnvironment<LegacyChildEnvironment> var child
}

@available(*, deprecated, message: "Exercises the ComposableEnvironment migration shim.")
private final class LegacyChildEnvironment: ComposableEnvironment {
  @Dependency(\.scoped) var scoped
}

@Suite("Migration shim from ComposableEnv")
struct MigrationShimTests {
  @available(*, deprecated, message: "Exercises the migration shim.")
  @Test func composableEnvironmentShimReadsProcessWideValues() {
    Dependencies.withValues {
      $0.scoped = 1
    } operation: {
      #expect(LegacyRootEnvironment().child.scoped == 1)
    }
  }

  @available(*, deprecated, message: "Exercises the migration shim.")
  @Test func midChainOverrideAppliesEverywhere() {
    Dependencies.withValues { _ in
    } operation: {
      let root = LegacyRootEnvironment()
      root.child.with(\.scoped, 2)
      #expect(root.scoped == 2)
      #expect(LegacyRootEnvironment().scoped == 2)
    }
  }

  @available(*, deprecated, message: "Exercises the migration shim.")
  @Test func makeChildMakesANewChildOnEachCall() {
    let root = LegacyRootEnvironment()
    weak var dropped: LegacyChildEnvironment?
    do {
      let child = root.makeChild(LegacyChildEnvironment.self)
      #expect(child !== root.makeChild(LegacyChildEnvironment.self))
      dropped = child
    }
    #expect(becomesTrue { dropped == nil })
  }

  @available(*, deprecated, message: "Exercises the migration shim.")
  @Test func removeDerivedDropsACachedChild() {
    let root = LegacyRootEnvironment()
    let row = root.derived(LegacyChildEnvironment.self, id: 1)
    #expect(root.removeDerived(LegacyChildEnvironment.self, id: 1))
    #expect(!root.removeDerived(LegacyChildEnvironment.self, id: 1))
    #expect(root.derived(LegacyChildEnvironment.self, id: 1) !== row)
    let single = root.derived(LegacyChildEnvironment.self)
    #expect(root.removeDerived(LegacyChildEnvironment.self))
    #expect(root.derived(LegacyChildEnvironment.self) !== single)
  }

  @available(*, deprecated, message: "Exercises the migration shim.")
  @Test func derivedIsCachedPerTypeAndID() {
    let root = LegacyRootEnvironment()
    #expect(root.derived(LegacyChildEnvironment.self) === root.derived(LegacyChildEnvironment.self))
    #expect(
      root.derived(LegacyChildEnvironment.self, id: 1)
        === root.derived(LegacyChildEnvironment.self, id: 1))
    #expect(
      root.derived(LegacyChildEnvironment.self, id: 1)
        !== root.derived(LegacyChildEnvironment.self, id: 2))
  }
}
