import ComposableEnv
import TestSupport
import Testing

@Suite("Derived environments")
struct DerivedEnvironmentTests {
  @Test func derivedEnvironmentIsCached() {
    let app = AppEnvironment()
    #expect(app.feature === app.feature)
    #expect(app.feature.next === app.feature.next)
  }

  @Test func distinctPropertiesGiveDistinctChildren() {
    let app = AppEnvironment()
    #expect(app.feature !== app.sibling)
  }

  @Test func derivedByTypeIsCachedPerType() {
    let app = AppEnvironment()
    let first = app.derived(FeatureEnvironment.self)
    #expect(first === app.derived(FeatureEnvironment.self))
    #expect(first !== app.feature)
    #expect(ObjectIdentifier(app.derived(PostEnvironment.self)) != ObjectIdentifier(first))
  }

  @Test func derivedByIDIsCachedPerTypeAndID() {
    let app = AppEnvironment()
    let one = app.derived(FeatureEnvironment.self, id: 1)
    #expect(one === app.derived(FeatureEnvironment.self, id: 1))
    #expect(one !== app.derived(FeatureEnvironment.self, id: 2))
    #expect(one !== app.derived(FeatureEnvironment.self, id: "1"))
    #expect(one !== app.derived(FeatureEnvironment.self))
  }

  @Test func derivedByIDInheritsAndKeepsItsOwnValues() {
    let app = AppEnvironment().with(\.name, "app")
    let row = app.derived(FeatureEnvironment.self, id: 7).with(\.number, 7)
    #expect(row.name == "app")
    #expect(app.derived(FeatureEnvironment.self, id: 7).number == 7)
    #expect(app.derived(FeatureEnvironment.self, id: 8).number == 0)
  }

  @Test func recursiveEnvironmentsDeriveLazily() {
    let ping = PingEnvironment().with(\.number, 9)
    let deep = ping.pong.ping.pong.ping
    #expect(deep.number == 9)
    #expect(ping.pong.ping === ping.pong.ping)
    #expect(ping.pong.ping !== ping)
  }

  @Test func concurrentFirstAccessCreatesOneChild() async {
    let app = AppEnvironment()
    let children = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 {
        group.addTask { ObjectIdentifier(app.feature) }
      }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(children.count == 1)
  }

  @Test func childOutlivingItsRootKeepsInheritedValues() {
    var app: AppEnvironment? = AppEnvironment().with(\.name, "inherited")
    weak var weakApp: AppEnvironment?
    weakApp = app
    let leaf = app!.feature.next
    app = nil
    #expect(becomesTrue { weakApp == nil })
    #expect(leaf.name == "inherited")
  }
}
