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
    let counted = CountedText("Hi")
    let app = GreetingEnvironment().with(\.counted, counted)
    #expect(app.countedText == "Hi")
    let child = app.makeChild(GreetingEnvironment.self).with(\.addressee, "unrelated")
    #expect(child.countedText == "Hi")
    #expect(counted.runs.count == 1)
  }

  @Test func aChildThatSetsTheKeyTheGetterReadsRunsItAgain() {
    let app = GreetingEnvironment().with(\.counted, CountedText("Hi"))
    #expect(app.countedText == "Hi")
    let own = CountedText("Yo")
    #expect(app.makeChild(GreetingEnvironment.self).with(\.counted, own).countedText == "Yo")
    #expect(own.runs.count == 1)
  }

  @Test func aResultComputedAtAChildIsReusedByItsSiblings() {
    let counted = CountedText("Hey")
    let app = GreetingEnvironment().with(\.counted, counted)
    let first = app.makeChild(GreetingEnvironment.self)
    let second = app.makeChild(GreetingEnvironment.self).with(\.addressee, "unrelated")
    #expect(first.countedText == "Hey")
    #expect(second.countedText == "Hey")
    #expect(app.countedText == "Hey")
    #expect(counted.runs.count == 1)
  }

  @Test func aGetterThatReadsSeveralKeysIsRunAtEachChildThatReadsIt() {
    let app = GreetingEnvironment().with(\.salutation, "Hello").with(\.addressee, "World")
      .with(\.counted, CountedText("unused"))
    #expect(app.countedGreeting == "Hello World")
    let child = app.makeChild(GreetingEnvironment.self).with(\.punctuation, "!")
    #expect(child.countedGreeting == "Hello World")
    #expect(app.counted.runs.count == 2)
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

  @Test func aGetterThatReadsThreeKeysSeesEachChildsOwnValues() {
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
          // One key each: the salutation is the app's (taken from it once it has the result),
          // the addressee the child's own on even requests.
          let addressee = request % 2 == 0 ? own : "app"
          if !child.salutation.hasPrefix("s") || child.addressee != addressee {
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
  @Dependency(\.salutation) var salutation
  @Dependency(\.addressee) var addressee
  @Dependency(\.counted) var counted
  @Dependency(\.countedText) var countedText
  @Dependency(\.countedGreeting) var countedGreeting
  @Dependency(\.choice) var choice
  @Dependency(\.exclaimed) var exclaimed
}

extension DependencyKeys {
  fileprivate enum Salutation: DependencyKey { static var defaultValue: String { "" } }
  fileprivate enum Addressee: DependencyKey { static var defaultValue: String { "" } }
  fileprivate enum Punctuation: DependencyKey { static var defaultValue: String { "" } }
  fileprivate enum Formal: DependencyKey { static var defaultValue: Bool { false } }
  fileprivate enum Counted: DependencyKey {
    static var defaultValue: CountedText { CountedText("") }
  }
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
  fileprivate var counted: CountedText {
    get { self[DependencyKeys.Counted.self] }
    set { self[DependencyKeys.Counted.self] = newValue }
  }
  /// Reads one key, counting its runs.
  fileprivate var countedText: String {
    get {
      let counted = self[DependencyKeys.Counted.self]
      counted.runs.increment()
      return counted.text
    }
    set { self[DependencyKeys.Counted.self] = CountedText(newValue) }
  }
  /// Reads two keys.
  fileprivate var greeting: String {
    get { "\(self[DependencyKeys.Salutation.self]) \(self[DependencyKeys.Addressee.self])" }
    set { self[DependencyKeys.Salutation.self] = newValue }
  }
  /// Reads three keys: `counted` to count its runs, the salutation and the addressee.
  fileprivate var countedGreeting: String {
    get {
      self[DependencyKeys.Counted.self].runs.increment()
      return "\(self[DependencyKeys.Salutation.self]) \(self[DependencyKeys.Addressee.self])"
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
  /// Reads three keys.
  fileprivate var exclaimed: String {
    get {
      let words = "\(self[DependencyKeys.Salutation.self]) \(self[DependencyKeys.Addressee.self])"
      return words + self[DependencyKeys.Punctuation.self]
    }
    set { self[DependencyKeys.Punctuation.self] = newValue }
  }
}

/// A text and how many times a getter read it.
private struct CountedText: Sendable {
  let text: String
  let runs = Counter()

  init(_ text: String) {
    self.text = text
  }
}
