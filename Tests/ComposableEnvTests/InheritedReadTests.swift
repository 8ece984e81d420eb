import ComposableEnv
import Dispatch
import TestSupport
import Testing

/// Inherited reads: a child takes its parent's result for a key path when it sets none of the
/// keys the key path's getter read, and runs the getter itself otherwise.
@Suite("Inherited reads")
struct InheritedReadTests {
  @Test func aChildThatSetsAKeyTheGetterReadsRunsTheGetterItself() {
    let app = GreetingEnvironment().with(\.salutation, "Hello").with(\.addressee, "World")
    #expect(app.greeting == "Hello World")
    let child = app.makeChild(GreetingEnvironment.self).with(\.addressee, "Swift")
    #expect(child.greeting == "Hello Swift")
    #expect(app.greeting == "Hello World")
  }

  @Test func aChildThatSetsNoKeyTheGetterReadsReusesItsParentsResult() {
    let runs = Counter()
    let app = GreetingEnvironment().with(\.salutation, "Hi").with(\.getterRuns, runs)
    #expect(app.countedGreeting == "Hi")
    let child = app.makeChild(GreetingEnvironment.self).with(\.addressee, "unrelated")
    #expect(child.countedGreeting == "Hi")
    #expect(runs.count == 1)
  }

  @Test func aResultComputedAtAChildIsReusedByItsSiblings() {
    let runs = Counter()
    let app = GreetingEnvironment().with(\.salutation, "Hey").with(\.getterRuns, runs)
    let first = app.makeChild(GreetingEnvironment.self)
    let second = app.makeChild(GreetingEnvironment.self).with(\.addressee, "unrelated")
    #expect(first.countedGreeting == "Hey")
    #expect(second.countedGreeting == "Hey")
    #expect(app.countedGreeting == "Hey")
    #expect(runs.count == 1)
  }

  @Test func aChildThatSetsAKeyReadOnlyOnSomeRunsGetsTheValueThoseRunsGive() {
    let app = GreetingEnvironment().with(\.formal, false).with(\.salutation, "Hi")
      .with(\.addressee, "you")
    #expect(app.choice == "you")
    // `choice` read `formal` and `addressee` at the app: a child setting `salutation` reuses it.
    let casual = app.makeChild(GreetingEnvironment.self).with(\.salutation, "Dear")
    #expect(casual.choice == "you")
    // A child that turns `formal` on makes `choice` read `salutation` instead.
    let formal = app.makeChild(GreetingEnvironment.self).with(\.formal, true)
    #expect(formal.choice == "Hi")
  }

  @Test func aChildReadsWhatItsParentSetsAfterTheChildWasMade() {
    let app = GreetingEnvironment().with(\.salutation, "Hello").with(\.addressee, "World")
    #expect(app.greeting == "Hello World")
    let child = app.makeChild(GreetingEnvironment.self)
    app.with(\.addressee, "again")
    #expect(child.greeting == "Hello again")
  }

  @Test func aChildSetBeforeItsFirstReadDoesNotReachItsParent() {
    let app = GreetingEnvironment().with(\.salutation, "Hello").with(\.addressee, "World")
    let child = app.makeChild(GreetingEnvironment.self).with(\.salutation, "Bye")
    #expect(child.greeting == "Bye World")
    #expect(app.greeting == "Hello World")
    #expect(app.makeChild(GreetingEnvironment.self).greeting == "Hello World")
  }

  @Test func aGetterThatReadsManyKeysIsRunAtEveryChild() {
    let app = GreetingEnvironment().with(\.salutation, "A").with(\.addressee, "B")
      .with(\.punctuation, "!")
    #expect(app.exclaimed == "A B!")
    #expect(app.makeChild(GreetingEnvironment.self).with(\.punctuation, "?").exclaimed == "A B?")
    #expect(app.makeChild(GreetingEnvironment.self).with(\.formal, true).exclaimed == "A B!")
  }

  @Test func requestsOnManyThreadsReadTheirOwnValuesWhileTheAppChanges() {
    let app = GreetingEnvironment().with(\.salutation, "s0").with(\.addressee, "app")
    let wrong = Shared(0)
    let completed = finishes(within: 60) {
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for request in 0..<2_000 {
          if thread == 0, request % 100 == 0 { app.with(\.salutation, "s\(request)") }
          let own = "t\(thread)-\(request)"
          let child = app.makeChild(GreetingEnvironment.self)
          if request % 2 == 0 { child.with(\.addressee, own) }
          let greeting = child.greeting
          let parts = greeting.split(separator: " ")
          let addressee = request % 2 == 0 ? own : "app"
          if parts.count != 2 || parts[1] != addressee || !parts[0].hasPrefix("s") {
            wrong.update { $0 += 1 }
          }
        }
      }
    }
    #expect(completed)
    #expect(wrong.value == 0)
  }
}

private final class GreetingEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.greeting) var greeting
  @Dependency(\.countedGreeting) var countedGreeting
  @Dependency(\.choice) var choice
  @Dependency(\.exclaimed) var exclaimed
}

extension DependencyKeys {
  fileprivate enum Salutation: DependencyKey { static var defaultValue: String { "" } }
  fileprivate enum Addressee: DependencyKey { static var defaultValue: String { "" } }
  fileprivate enum Punctuation: DependencyKey { static var defaultValue: String { "" } }
  fileprivate enum Formal: DependencyKey { static var defaultValue: Bool { false } }
  fileprivate enum GetterRuns: DependencyKey { static var defaultValue: Counter { Counter() } }
}

extension Dependencies {
  fileprivate var salutation: String {
    get { self[DependencyKeys.Salutation.self] }
    set { self[DependencyKeys.Salutation.self] = newValue }
  }
  fileprivate var addressee: String {
    get { self[DependencyKeys.Addressee.self] }
    set { self[DependencyKeys.Addressee.self] = newValue }
  }
  fileprivate var punctuation: String {
    get { self[DependencyKeys.Punctuation.self] }
    set { self[DependencyKeys.Punctuation.self] = newValue }
  }
  fileprivate var formal: Bool {
    get { self[DependencyKeys.Formal.self] }
    set { self[DependencyKeys.Formal.self] = newValue }
  }
  fileprivate var getterRuns: Counter {
    get { self[DependencyKeys.GetterRuns.self] }
    set { self[DependencyKeys.GetterRuns.self] = newValue }
  }
  /// Reads two keys.
  fileprivate var greeting: String {
    get { "\(self[DependencyKeys.Salutation.self]) \(self[DependencyKeys.Addressee.self])" }
    set { self[DependencyKeys.Salutation.self] = newValue }
  }
  /// Reads the salutation, counting its runs in `getterRuns`.
  fileprivate var countedGreeting: String {
    get {
      self[DependencyKeys.GetterRuns.self].increment()
      return self[DependencyKeys.Salutation.self]
    }
    set { self[DependencyKeys.Salutation.self] = newValue }
  }
  /// Reads `formal`, then the salutation or the addressee.
  fileprivate var choice: String {
    get {
      self[DependencyKeys.Formal.self]
        ? self[DependencyKeys.Salutation.self] : self[DependencyKeys.Addressee.self]
    }
    set { self[DependencyKeys.Addressee.self] = newValue }
  }
  /// Reads three keys (more than a read table entry tracks).
  fileprivate var exclaimed: String {
    get {
      let words = "\(self[DependencyKeys.Salutation.self]) \(self[DependencyKeys.Addressee.self])"
      return words + self[DependencyKeys.Punctuation.self]
    }
    set { self[DependencyKeys.Punctuation.self] = newValue }
  }
}
