import ComposableEnv
import Testing

/// Aliases declared in two statements, as a builder's several lines.
private final class TwoStatementAliases: ComposableEnvironment {
  @DerivedEnvironment<AppEnvironment>(aliases: {
    $0.alias(\.feedQueue, to: \.mainQueue)
    $0.alias(\.postQueue, to: \.mainQueue)
  })
  var child
}

@Suite("Aliases")
struct AliasTests {
  @Test func aliasesDeclaredInSeveralStatementsAreAllDeclared() {
    let host = TwoStatementAliases().with(\.mainQueue, "host")
    #expect(host.child.feedQueue == "host")
    #expect(host.child.postQueue == "host")
    #expect(host.feedQueue == "feed-default")
  }

  @Test func aliasReadsReferenceDefault() {
    let app = AppEnvironment().aliasing(\.feedQueue, to: \.mainQueue)
    #expect(app.feedQueue == "main-default")
  }

  @Test func settingAliasSetsReference() {
    let app = AppEnvironment().aliasing(\.feedQueue, to: \.mainQueue).with(\.feedQueue, "set")
    #expect(app.mainQueue == "set")
    #expect(app.feature.mainQueue == "set")
  }

  @Test func settingReferenceSetsAlias() {
    let app = AppEnvironment().aliasing(\.feedQueue, to: \.mainQueue).with(\.mainQueue, "set")
    #expect(app.feedQueue == "set")
  }

  @Test func valueSetBeforeAliasingIsShared() {
    let app = AppEnvironment().with(\.mainQueue, "early")
    app.aliasing(\.feedQueue, to: \.mainQueue)
    #expect(app.feedQueue == "early")
  }

  @Test func aliasChainUsesDefaultOfKeyClosestToRoot() {
    let app = AppEnvironment()
      .aliasing(\.feedQueue, to: \.mainQueue)
      .aliasing(\.postQueue, to: \.feedQueue)
    #expect(app.postQueue == "main-default")
    #expect(app.feedQueue == "main-default")
    app.with(\.postQueue, "from-post")
    #expect(app.mainQueue == "from-post")
  }

  @Test func latestWriteToGroupOnOneNodeWins() {
    let app = AppEnvironment().aliasing(\.feedQueue, to: \.mainQueue)
    app.with(\.mainQueue, "first").with(\.feedQueue, "second")
    #expect(app.mainQueue == "second")
    app.with(\.mainQueue, "third")
    #expect(app.feedQueue == "third")
  }

  @Test func nearestValueOfAnyGroupKeyWins() {
    let app = AppEnvironment().aliasing(\.feedQueue, to: \.mainQueue).with(\.mainQueue, "root")
    let middle = app.feature.next.with(\.feedQueue, "middle")
    #expect(middle.next.mainQueue == "middle")
    #expect(app.feature.mainQueue == "root")
  }

  @Test func aliasDeclaredOnChildSeesValueSetAboveIt() {
    let app = AppEnvironment().with(\.mainQueue, "root")
    let child = app.feature.aliasing(\.feedQueue, to: \.mainQueue)
    #expect(child.feedQueue == "root")
    #expect(child.next.feedQueue == "root")
  }

  @Test func aliasThroughDerivedEnvironment() {
    let app = AppEnvironment().with(\.mainQueue, "app-queue")
    #expect(app.feed.feedQueue == "app-queue")
  }

  @Test func aliasesThroughNestedDerivedEnvironmentsChain() {
    let app = AppEnvironment()
    #expect(app.feed.post.postQueue == "main-default")
    app.with(\.mainQueue, "set-at-root")
    #expect(app.feed.post.postQueue == "set-at-root")
  }

  @Test func settingAliasBelowDeclarationReachesReferenceInSubtree() {
    let app = AppEnvironment()
    app.feed.with(\.feedQueue, "feed-set")
    #expect(app.feed.post.postQueue == "feed-set")
    #expect(app.feed.plain.mainQueue == "feed-set")
  }

  @Test func aliasDoesNotLeakToParent() {
    let app = AppEnvironment().with(\.mainQueue, "root")
    app.feature.aliasing(\.feedQueue, to: \.mainQueue)
    #expect(app.feedQueue == "feed-default")
    app.feature.with(\.feedQueue, "child")
    #expect(app.mainQueue == "root")
  }

  @Test func aliasDoesNotLeakToSibling() {
    let app = AppEnvironment().with(\.mainQueue, "root")
    app.feature.aliasing(\.feedQueue, to: \.mainQueue)
    #expect(app.feature.feedQueue == "root")
    #expect(app.sibling.feedQueue == "feed-default")
  }

  @Test func aliasDoesNotLeakToOtherRoots() {
    let first = AppEnvironment().aliasing(\.postQueue, to: \.mainQueue)
    let second = AppEnvironment()
    #expect(first.postQueue == "main-default")
    #expect(second.postQueue == "post-default")
  }

  @Test func aliasDeclaredAfterReadsTakesEffect() {
    let app = AppEnvironment().with(\.mainQueue, "root")
    let leaf = app.feature.next
    #expect(leaf.feedQueue == "feed-default")
    app.aliasing(\.feedQueue, to: \.mainQueue)
    #expect(leaf.feedQueue == "root")
  }
}
