import ComposableEnv
import ComposableEnvTesting
import Foundation
import TestSupport
import Testing

/// A reference-type value, so that tests can hold it weakly.
final class Token: Sendable {}

extension DependencyKeys {
  struct SetToken: DependencyKey { static var defaultValue: Token { Token() } }
  struct DefaultToken: DependencyKey { static var defaultValue: Token { Token() } }
  struct AliasToken: DependencyKey { static var defaultValue: Token { Token() } }
}

extension Dependencies {
  var setToken: Token {
    get { self[DependencyKeys.SetToken.self] }
    set { self[DependencyKeys.SetToken.self] = newValue }
  }
  var defaultToken: Token {
    get { self[DependencyKeys.DefaultToken.self] }
    set { self[DependencyKeys.DefaultToken.self] = newValue }
  }
  var aliasToken: Token {
    get { self[DependencyKeys.AliasToken.self] }
    set { self[DependencyKeys.AliasToken.self] = newValue }
  }
}

/// Weak references to everything a tree holds.
private struct Observed {
  weak var root: AnyObject?
  weak var child: AnyObject?
  weak var grandchild: AnyObject?
  weak var derivedByType: AnyObject?
  weak var derivedByID: AnyObject?
  weak var value: Token?
  weak var cachedDefault: Token?

  var released: Bool {
    root == nil && child == nil && grandchild == nil && derivedByType == nil && derivedByID == nil
      && value == nil && cachedDefault == nil
  }
}

@Suite("Ownership and leaks")
struct LeakTests {
  /// Builds and reads a tree, and returns weak references to its parts once it is out of scope.
  private func buildAndRelease() -> Observed {
    var observed = Observed()
    let app = AppEnvironment()
    let token = Token()
    app.with(\.setToken, token).aliasing(\.aliasToken, to: \.setToken)
    let grandchild = app.feature.next
    observed.root = app
    observed.child = app.feature
    observed.grandchild = grandchild
    observed.derivedByType = app.derived(FeatureEnvironment.self)
    observed.derivedByID = app.derived(FeatureEnvironment.self, id: "row")
    observed.value = token
    #expect(grandchild.aliasToken === token)
    observed.cachedDefault = grandchild.defaultToken
    return observed
  }

  @Test(.dependencyContext(.live)) func releasingTheRootReleasesChildrenValuesAndDefaults() {
    let observed = buildAndRelease()
    #expect(becomesTrue { observed.released })
  }

  @Test func recursiveEnvironmentsDoNotRetainEachOther() {
    weak var root: PingEnvironment?
    weak var deepest: PingEnvironment?
    do {
      let ping = PingEnvironment()
      let deep = ping.pong.ping.pong.ping
      _ = deep.number
      root = ping
      deepest = deep
    }
    #expect(root == nil)
    #expect(deepest == nil)
  }

  @Test func aliasesThroughDerivedEnvironmentsDoNotRetainTheTree() {
    weak var root: AppEnvironment?
    weak var post: PostEnvironment?
    do {
      let app = AppEnvironment()
      _ = app.feed.post.postQueue
      root = app
      post = app.feed.post
    }
    #expect(root == nil)
    #expect(post == nil)
  }

  /// Threads that keep growing chains of children under one root, aliasing on each, and dropping
  /// them: a dropped chain's values are released within a few iterations, however busy the tree.
  /// (Declaring an alias scans the tree's alias-declaring nodes; scans that held every node at
  /// once overlapped on a busy tree and kept dropped nodes alive for as long as they ran.)
  @Test func chainsDroppedWhileOtherThreadsAliasAreReleased() {
    let root = FeatureEnvironment()
    let (threads, iterations, chainLength, lag) = (8, 1_000, 32, 100)
    let counts = Shared((checked: 0, stillAlive: 0))
    let finished = finishes {
      DispatchQueue.concurrentPerform(iterations: threads) { _ in
        var tokens: [Weak<Token>] = []
        var chain: [FeatureEnvironment] = []
        for iteration in 0..<iterations {
          if chain.count == chainLength { chain = [] }
          let token = Token()
          let child = (chain.last ?? root).makeChild(FeatureEnvironment.self)
          child.with(\.setToken, token).aliasing(\.aliasToken, to: \.setToken)
          chain.append(child)
          tokens.append(Weak(token))
          guard iteration >= lag else { continue }
          let alive = tokens[iteration - lag].value != nil
          counts.update { $0 = ($0.checked + 1, $0.stillAlive + (alive ? 1 : 0)) }
        }
      }
    }
    #expect(finished)
    // A node can be held for a moment by another thread's scan; not for 100 iterations, often.
    let (checked, stillAlive) = counts.value
    #expect(stillAlive * 20 <= checked, "\(stillAlive) of \(checked) dropped nodes still alive")
  }

  @Test func childKeptAliveKeepsOnlyWhatItInherits() {
    weak var root: AppEnvironment?
    weak var sibling: FeatureEnvironment?
    let token = Token()
    let leaf: FeatureEnvironment
    do {
      let app = AppEnvironment().with(\.setToken, token)
      leaf = app.feature.next
      root = app
      sibling = app.sibling
    }
    #expect(root == nil)
    #expect(sibling == nil)
    #expect(leaf.setToken === token)
    leaf.with(\.name, "still writable")
    #expect(leaf.next.name == "still writable")
  }
}
