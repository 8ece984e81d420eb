import ComposableEnv
import Foundation
import TestSupport
import Testing

/// A per-request environment: what a server makes and drops for every request.
private final class RequestEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.number) var number
  @Dependency(\.name) var name
  @Dependency(\.mainQueue) var mainQueue
}

private final class InitReadingEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.number) var number
  var numberAtInit = -1

  required init() {
    super.init()
    numberAtInit = number
  }
}

@Suite struct ShortLivedChildTests {
  @Test func makeChildMakesANewEnvironmentOnEachCall() {
    let app = AppEnvironment()
    #expect(app.makeChild(RequestEnvironment.self) !== app.makeChild(RequestEnvironment.self))
  }

  @Test func anUncachedChildInheritsItsParentsValuesAndLaterWrites() {
    let app = AppEnvironment().with(\.number, 7)
    let request = app.makeChild(RequestEnvironment.self)
    #expect(request.number == 7)
    app.with(\.name, "later")
    #expect(request.name == "later")
  }

  @Test func anUncachedChildsInitializerReadsItsParentsValues() {
    let app = AppEnvironment().with(\.number, 9)
    #expect(app.makeChild(InitReadingEnvironment.self).numberAtInit == 9)
  }

  @Test func anOverrideOnAnUncachedChildStaysInIt() {
    let app = AppEnvironment().with(\.number, 1)
    let request = app.makeChild(RequestEnvironment.self).with(\.number, 2)
    #expect(request.number == 2)
    #expect(app.number == 1)
    #expect(app.makeChild(RequestEnvironment.self).number == 1)
  }

  @Test func aParentsAliasesApplyToAnUncachedChild() {
    let feed = AppEnvironment().with(\.mainQueue, "ui").feed
    let post = feed.makeChild(PostEnvironment.self)
    #expect(post.feedQueue == "ui")
  }

  @Test func anUncachedChildIsReleasedWhenDropped() {
    let app = AppEnvironment()
    weak var dropped: RequestEnvironment?
    do {
      let request = app.makeChild(RequestEnvironment.self)
      _ = request.number
      dropped = request
    }
    #expect(becomesTrue { dropped == nil })
    #expect(app.number == 0)
  }

  @Test func anUncachedChildKeepsReadingAfterItsParentIsReleased() {
    var app: AppEnvironment? = AppEnvironment().with(\.number, 5)
    let request = app!.makeChild(RequestEnvironment.self)
    app = nil
    #expect(request.number == 5)
  }

  @Test func anUncachedChildShowsInProvenance() {
    let app = AppEnvironment().with(\.number, 3)
    let request = app.makeChild(RequestEnvironment.self)
    #expect("\(request.provenance(of: \.number))".contains("AppEnvironment"))
  }

  @Test func removeDerivedDropsTheCachedChildForAnID() {
    let feed = AppEnvironment().feed
    weak var first: PostEnvironment?
    do {
      let post = feed.derived(PostEnvironment.self, id: 1)
      first = post
      #expect(feed.derived(PostEnvironment.self, id: 1) === post)
      #expect(feed.removeDerived(PostEnvironment.self, id: 1))
      #expect(feed.derived(PostEnvironment.self, id: 1) !== post)
    }
    #expect(feed.removeDerived(PostEnvironment.self, id: 1))
    #expect(becomesTrue { first == nil })
    #expect(!feed.removeDerived(PostEnvironment.self, id: 1))
    #expect(!feed.removeDerived(PostEnvironment.self, id: 2))
  }

  @Test func removeDerivedDropsTheCachedChildOfAType() {
    let app = AppEnvironment()
    let settings = app.derived(FeatureEnvironment.self)
    #expect(app.removeDerived(FeatureEnvironment.self))
    #expect(app.derived(FeatureEnvironment.self) !== settings)
    #expect(app.derived(FeatureEnvironment.self, id: 0) !== app.derived(FeatureEnvironment.self))
  }
}
