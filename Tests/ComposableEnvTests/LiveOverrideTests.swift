import ComposableEnv
import Testing

@Suite("Overrides after the tree was read")
struct LiveOverrideTests {
  @Test func overrideAtPrimedRootReachesLeaf() {
    let app = AppEnvironment()
    let leaf = app.feature.descendant(5)
    #expect(leaf.number == 0)
    app.with(\.number, 3)
    #expect(leaf.number == 3)
  }

  @Test func overrideMidChainAfterPrimingReachesLeaf() {
    let app = AppEnvironment().with(\.number, 1)
    let middle = app.feature.descendant(2)
    let leaf = middle.descendant(3)
    #expect(leaf.number == 1)
    middle.with(\.number, 2)
    #expect(leaf.number == 2)
    #expect(app.feature.number == 1)
  }

  @Test func midChainValueSurvivesLaterRootChange() {
    let app = AppEnvironment().with(\.number, 1)
    let middle = app.feature.descendant(2).with(\.number, 2)
    let leaf = middle.descendant(3)
    #expect(leaf.number == 2)
    app.with(\.number, 10)
    #expect(leaf.number == 2)
    #expect(app.feature.number == 10)
    #expect(app.number == 10)
  }

  @Test func repeatedOverridesAreEachSeen() {
    let app = AppEnvironment()
    let leaf = app.feature.next
    for value in 1...20 {
      app.with(\.number, value)
      #expect(leaf.number == value)
    }
  }

  @Test func overrideOfOneKeyKeepsOtherKeys() {
    let app = AppEnvironment().with(\.name, "kept")
    let leaf = app.feature.next
    #expect(leaf.name == "kept")
    app.with(\.number, 4)
    #expect(leaf.name == "kept")
    #expect(leaf.number == 4)
  }
}
