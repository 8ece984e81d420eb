import ComposableEnv
import Testing

@Suite("Provenance and tree dumps")
struct DiagnosticsTests {
  @Test func valueSetHereIsReportedAsThisEnvironment() {
    let app = AppEnvironment().with(\.number, 1)
    let provenance = app.provenance(of: \.number)
    #expect(provenance.origin == .thisEnvironment)
    #expect(provenance.key == "DependencyKeys.Number")
    #expect(provenance.value == "1")
    #expect(provenance.description == "DependencyKeys.Number = 1: set on this environment")
  }

  @Test func inheritedValueNamesTheAncestorAndItsPath() {
    let app = AppEnvironment().with(\.name, "root")
    let middle = app.feature.with(\.number, 2)
    let leaf = middle.next.next
    #expect(leaf.provenance(of: \.name).origin == .ancestor(path: ["AppEnvironment"]))
    #expect(
      leaf.provenance(of: \.number).origin
        == .ancestor(path: ["AppEnvironment", "FeatureEnvironment"]))
    #expect(
      leaf.provenance(of: \.number).description
        == "DependencyKeys.Number = 2: set on FeatureEnvironment (AppEnvironment → FeatureEnvironment)"
    )
  }

  @Test func valueThroughAnAliasNamesTheKeyThatWasSet() {
    let app = AppEnvironment().with(\.mainQueue, "ui")
    let provenance = app.feed.provenance(of: \.feedQueue)
    #expect(provenance.key == "DependencyKeys.FeedQueue")
    #expect(provenance.valueKey == "DependencyKeys.MainQueue")
    #expect(provenance.value == "\"ui\"")
    #expect(provenance.origin == .ancestor(path: ["AppEnvironment"]))
    #expect(provenance.description.hasSuffix("(as DependencyKeys.MainQueue, through an alias)"))
  }

  @Test func unsetValueIsReportedAsTheDefaultOfTheGroupReference() {
    let app = AppEnvironment()
    #expect(app.provenance(of: \.number).origin == .defaultValue)
    #expect(app.provenance(of: \.number).value == "0")
    let throughAlias = app.feed.post.provenance(of: \.postQueue)
    #expect(throughAlias.origin == .defaultValue)
    #expect(throughAlias.valueKey == "DependencyKeys.MainQueue")
    #expect(throughAlias.value == "\"main-default\"")
  }

  @Test func longValuesAreTruncated() {
    let app = AppEnvironment().with(\.name, String(repeating: "x", count: 200))
    let value = app.provenance(of: \.name).value
    #expect(value.count == 80)
    #expect(value.hasSuffix("…"))
  }

  @Test func textDumpOfAFixedTree() {
    let app = AppEnvironment().with(\.name, "app").aliasing(\.postQueue, to: \.mainQueue)
    app.feature.with(\.number, 1).next.with(\.name, "leaf")
    _ = app.feed.post
    _ = app.derived(FeatureEnvironment.self, id: 7)
    #expect(
      app.dependencyTree() == """
        AppEnvironment
        │  sets DependencyKeys.Name = "app"
        │  aliases DependencyKeys.PostQueue → DependencyKeys.MainQueue
        ├─ feature: FeatureEnvironment
        │  │  sets DependencyKeys.Number = 1
        │  └─ next: FeatureEnvironment
        │        sets DependencyKeys.Name = "leaf"
        ├─ feed: FeedEnvironment
        │  │  aliases DependencyKeys.FeedQueue → DependencyKeys.MainQueue
        │  └─ post: PostEnvironment
        │        aliases DependencyKeys.PostQueue → DependencyKeys.FeedQueue
        └─ derived(FeatureEnvironment.self, id: 7): FeatureEnvironment
        """
    )
  }

  @Test func dotDumpHasANodePerEnvironmentAndAnEdgePerChild() {
    let app = AppEnvironment().with(\.name, "say \"hi\"")
    _ = app.feature.next
    let dot = app.dependencyTree(format: .dot)
    #expect(dot.hasPrefix("digraph Dependencies {"))
    #expect(
      dot.contains(
        #"n0 [label="AppEnvironment\lsets DependencyKeys.Name = \"say \\\"hi\\\"\"\l", style="rounded,filled""#
      ))
    #expect(dot.contains("n0 -> n1;"))
    #expect(dot.contains("n1 -> n2;"))
    #expect(dot.hasSuffix("}"))
  }
}
