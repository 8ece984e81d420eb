import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

/// A client that is its own key, the short form.
private struct Greeter: DependencyKey, Sendable, Equatable {
  var greeting: String
  static var defaultValue: Greeter { Greeter(greeting: "live") }
}

/// A client that is its own key, with a test value.
private struct Weather: DependencyKey, Sendable, Equatable {
  var forecast: String
  static var defaultValue: Weather { Weather(forecast: "live") }
  static var testValue: Weather { Weather(forecast: "test") }
}

/// A reference-typed client that is its own key and counts its live instances.
private final class Tracker: DependencyKey, Sendable {
  let token: LiveToken
  var name: String { token.name }
  init(_ name: String, live: LiveCount = LiveCount()) { token = LiveToken(name, live) }
  static var defaultValue: Tracker { Tracker("default") }
}

extension DependencyKeys {
  fileprivate struct LegacyGreeter: DependencyKey {
    static var defaultValue: Greeter { Greeter(greeting: "legacy default") }
  }
}

extension Dependencies {
  /// The same key as `Greeter.self`, through a key path.
  fileprivate var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }

  /// Another key of the same value type, as a feature module written for 0.5 declares it.
  fileprivate var legacyGreeter: Greeter {
    get { self[DependencyKeys.LegacyGreeter.self] }
    set { self[DependencyKeys.LegacyGreeter.self] = newValue }
  }
}

private final class KeyRoot: ComposableEnvironment, @unchecked Sendable {
  @Dependency(Greeter.self) var greeter
  @Dependency(Tracker.self) var tracker
  @DerivedEnvironment<KeyChild> var child
  @DerivedEnvironment<KeyChild> var sibling
}

private final class KeyChild: ComposableEnvironment, @unchecked Sendable {
  @Dependency(Greeter.self) var greeter
  @Dependency(Tracker.self) var tracker
  @Dependency(\.greeter) var greeterByKeyPath
  @Dependency(\.legacyGreeter) var legacyGreeter
  @Dependency(Weather.self) var weather
  @DerivedEnvironment<KeyChild> var next
}

private final class AliasingHost: ComposableEnvironment {
  @DerivedEnvironment<KeyChild>(aliases: { $0.alias(\.legacyGreeter, to: Greeter.self) })
  var child
}

@Suite("Keys named by their type")
struct KeyTypeTests {
  @Test(.dependencyContext(.live)) func aKeyTypePropertyReadsTheKeysDefault() {
    #expect(KeyRoot().child.greeter == Greeter(greeting: "live"))
  }

  @Test(.dependencyContext(.live)) func aValueSetByKeyTypeReachesDescendantsOnly() {
    let root = KeyRoot()
    root.child.with(Greeter.self, Greeter(greeting: "child"))
    #expect(root.greeter.greeting == "live")
    #expect(root.child.greeter.greeting == "child")
    #expect(root.child.next.greeter.greeting == "child")
    #expect(root.sibling.greeter.greeting == "live")
  }

  @Test func theSubscriptReadsAndSetsByKeyType() {
    let root = KeyRoot()
    root[Greeter.self] = Greeter(greeting: "set")
    #expect(root[Greeter.self].greeting == "set")
    #expect(root.child[Greeter.self].greeting == "set")
  }

  @Test(.dependencyContext(.live)) func aKeyTypeAndAKeyPathOfTheSameKeyReadTheSameValue() {
    let root = KeyRoot()
    let leaf = root.child.next
    #expect(leaf.greeter == leaf.greeterByKeyPath)
    root.with(\.greeter, Greeter(greeting: "by key path"))
    #expect(leaf.greeter.greeting == "by key path")
    root.child.with(Greeter.self, Greeter(greeting: "by type"))
    #expect(leaf.greeterByKeyPath.greeting == "by type")
    #expect(leaf.greeter.greeting == "by type")
  }

  @Test func aCachedKeyTypeReadSeesTheNextWriteAtAnyAncestor() {
    let root = KeyRoot()
    let leaf = root.child.next.next
    // Each writer is nearer to the leaf than the one before, or the same: its value is the one read.
    let writers: [ComposableEnvironment] = [
      root, root, root.child, root.child.next, root.child.next,
    ]
    for (round, writer) in writers.enumerated() {
      writer.with(Greeter.self, Greeter(greeting: "round \(round)"))
      #expect(leaf.greeter.greeting == "round \(round)")
      #expect(leaf.greeter.greeting == "round \(round)")  // cached
    }
  }

  @Test func aValueSetOnTheReadingEnvironmentIsReadAgainAfterAWriteThere() {
    let child = KeyRoot().child
    child.with(Greeter.self, Greeter(greeting: "one"))
    #expect(child.greeter.greeting == "one")
    child.with(Greeter.self, Greeter(greeting: "two"))
    #expect(child.greeter.greeting == "two")
  }

  @Test(.dependencyContext(.live)) func aKeyPathCanBeAliasedToAKeyType() {
    let root = KeyRoot().aliasing(\.legacyGreeter, to: Greeter.self)
    #expect(root.child.legacyGreeter.greeting == "live")
    root.with(Greeter.self, Greeter(greeting: "one dependency"))
    #expect(root.child.legacyGreeter.greeting == "one dependency")
  }

  @Test(.dependencyContext(.live)) func aKeyTypeCanBeAliasedToAKeyPath() {
    let root = KeyRoot().aliasing(Greeter.self, to: \.legacyGreeter)
    #expect(root.child.greeter.greeting == "legacy default")
    root.with(\.legacyGreeter, Greeter(greeting: "one dependency"))
    #expect(root.child.greeter.greeting == "one dependency")
  }

  @Test func twoKeyTypesOfOneValueTypeCanBeAliased() {
    let root = KeyRoot().aliasing(DependencyKeys.LegacyGreeter.self, to: Greeter.self)
    root.with(Greeter.self, Greeter(greeting: "shared"))
    #expect(root.child.legacyGreeter.greeting == "shared")
  }

  @Test func aDerivedEnvironmentDeclaresAliasesByKeyType() {
    let host = AliasingHost().with(Greeter.self, Greeter(greeting: "host"))
    #expect(host.child.legacyGreeter.greeting == "host")
  }

  @Test(.dependencyContext(.live)) func provenanceNamesTheKeyTypeAndWhoSetIt() {
    let root = KeyRoot().with(Greeter.self, Greeter(greeting: "root"))
    let provenance = root.child.provenance(of: Greeter.self)
    #expect(provenance.key == "Greeter")
    #expect(provenance.origin == .ancestor(path: ["KeyRoot"]))
    #expect(KeyRoot().provenance(of: Greeter.self).origin == .defaultValue)
  }

  @Test func aReplacedReferenceValueIsReleasedAndTheTreeReleasesTheLast() {
    let live = LiveCount()
    do {
      let root = KeyRoot()
      for index in 0..<10 {
        root.with(Tracker.self, Tracker("\(index)", live: live))
        #expect(root.child.next.tracker.name == "\(index)")
      }
      #expect(becomesTrue { live.count == 1 })
    }
    #expect(becomesTrue { live.count == 0 })
  }

  @Test(.dependencyTestContext) func inATestContextAKeyTypeReadsItsTestValue() {
    #expect(KeyRoot().child.weather.forecast == "test")
  }

  @Test(.dependencyTestContext) func inATestContextAKeyTypeWithoutTestValueFailsNamingTheType() {
    let child = KeyRoot().child
    var value: Greeter?
    let messages = recordedIssues { value = child.greeter }
    #expect(value?.greeting == "live")
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.hasPrefix("Greeter was read in a test context from KeyRoot → KeyChild"))
    #expect(message.contains("`environment.with(Greeter.self, …)`"))
    #expect(message.contains("static var testValue: Greeter { … }` in Greeter"))
  }

  @Test func concurrentKeyTypeReadsAndWritesOfReferenceValuesNeverReadAStrangersValue() async {
    let live = LiveCount()
    do {
      let root = KeyRoot()
      let leaves = (0..<4).map { root.derived(KeyChild.self, id: $0).next }
      await withTaskGroup(of: Bool.self) { group in
        for task in 0..<4 {
          group.addTask {
            var valid = true
            for step in 0..<2_000 {
              if step % 10 == 0 {
                root.with(Tracker.self, Tracker("root", live: live))
              } else if step % 10 == 1 {
                leaves[task].with(Tracker.self, Tracker("leaf \(task)", live: live))
              } else {
                let name = leaves[task][Tracker.self].name
                valid = valid && (name == "leaf \(task)" || name == "root" || name == "default")
                let rootName = root[Tracker.self].name
                valid = valid && (rootName == "root" || rootName == "default")
              }
            }
            return valid
          }
        }
        for await valid in group { #expect(valid) }
      }
    }
    #expect(becomesTrue { live.count == 0 })
  }
}
