import ComposableEnv
import Testing

@Suite("Propagation down the tree")
struct PropagationTests {
  @Test func valueSetOnRootReachesChild() {
    let app = AppEnvironment().with(\.number, 1)
    #expect(app.feature.number == 1)
  }

  @Test func valueSetOnRootReachesDepthSixDescendant() {
    let app = AppEnvironment().with(\.name, "root")
    #expect(app.feature.descendant(5).name == "root")
  }

  @Test func valueSetOnRootReachesChildrenDerivedLater() {
    let app = AppEnvironment().with(\.number, 5)
    _ = app.number
    #expect(app.derived(FeatureEnvironment.self, id: "late").number == 5)
  }

  @Test func leafThatReadBeforeItHadChildrenPassesLaterOverridesToThem() {
    let app = AppEnvironment().with(\.number, 1)
    let leaf = app.feature
    #expect(leaf.number == 1)  // read while the leaf has no child
    let grandchild = leaf.next.next
    #expect(grandchild.number == 1)
    app.with(\.number, 2)
    #expect(grandchild.number == 2)
    #expect(leaf.number == 2)
    leaf.with(\.number, 3)
    #expect(grandchild.number == 3)
    #expect(app.number == 2)
  }

  @Test func nearestValueWins() {
    let app = AppEnvironment().with(\.number, 1)
    let middle = app.feature.descendant(2).with(\.number, 2)
    #expect(middle.descendant(3).number == 2)
    #expect(app.feature.next.number == 1)
  }

  @Test func siblingKeepsItsInlineOverride() {
    let app = AppEnvironment().with(\.number, 1)
    #expect(app.inlineOverride.number == 42)
    #expect(app.feature.number == 1)
  }

  @Test func inlineOverrideReachesItsDescendants() {
    let app = AppEnvironment()
    #expect(app.inlineOverride.next.next.number == 42)
  }

  @Test func withOnChildLeavesParentAndSiblingUntouched() {
    let app = AppEnvironment().with(\.number, 1)
    app.feature.with(\.number, 2)
    #expect(app.feature.number == 2)
    #expect(app.number == 1)
    #expect(app.sibling.number == 1)
  }

  @Test func subscriptSetsLikeWith() {
    let app = AppEnvironment()
    app[\.name] = "subscript"
    #expect(app[\.name] == "subscript")
    #expect(app.feature.name == "subscript")
  }

  @Test func directMemberAccessReadsUndeclaredDependencies() {
    let app = AppEnvironment().with(\.postQueue, "direct")
    // FeatureEnvironment has no `@Dependency(\.postQueue)`: dynamic member lookup reads it.
    #expect(app.feature.postQueue == "direct")
  }

  @Test func separateRootsDoNotShareValues() {
    let first = AppEnvironment().with(\.number, 1)
    let second = AppEnvironment()
    #expect(first.feature.number == 1)
    #expect(second.feature.number == 0)
  }
}
