import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// swift-dependencies' traits: `.dependency(\.x, value)`, `.dependency(value)`,
/// `.dependencies { … }` (an update that may `await`) and `.dependencies`.
@Suite("Dependency traits")
struct DependencyTraitTests {
  // Two tests that set one key differently and run in parallel: each sees its own value.
  @Test(.dependency(\.spelledName, "first"))
  func aKeyPathTraitsValueIsTheTestsOwn() async {
    for _ in 0..<100 {
      #expect(SpelledModel().name == "first")
      await Task.yield()
    }
  }

  @Test(.dependency(\.spelledName, "second"))
  func anotherKeyPathTraitsValueForTheSameKeyIsItsTestsOwn() async {
    for _ in 0..<100 {
      #expect(SpelledModel().name == "second")
      await Task.yield()
    }
  }

  @Test(.dependency(SelfKeyedGreeter(greeting: "hello")))
  func aValueThatIsItsOwnKeyOverridesThatKey() {
    #expect(SpelledModel().greeter == SelfKeyedGreeter(greeting: "hello"))
  }

  @Test(.dependencies { $0.spelledNumber = await suspendedValue(31) })
  func anUpdateThatAwaitsSetsTheTestsValues() {
    #expect(SpelledModel().number == 31)
  }

  @Test(.dependency(\.spelledClient.port, 8080))
  func aTraitReadsToSetPartOfAValueUnreported() {
    // `spelledClient` has no test value: reading it to set its port is part of setting it.
    #expect(SpelledClientReader().client.port == 8080)
  }

  @Test(.dependency(\.spelledNumber, 32), .dependency(\.spelledName, "both"))
  func twoTraitsBothApply() {
    let model = SpelledModel()
    #expect(model.number == 32)
    #expect(model.name == "both")
  }

  @Test(.dependency(\.spelledNumber, 33))
  func aModelMadeInTheTestKeepsTheValuesInATaskOfItsOwn() async {
    let model = SpelledModel()
    let read = await Task.detached { model.number }.value
    #expect(read == 33)
  }

  // Each case sets the same key process-wide, in parallel: each has values of its own, and
  // nothing is reported (without the trait, the cases share the test's values).
  @Test(.dependencies, arguments: 0..<8)
  func eachCaseOfAParameterizedTestPreparesItsOwnValues(number: Int) async {
    prepareDependencies { $0.spelledNumber = number }
    for _ in 0..<20 {
      #expect(SpelledModel().number == number)
      await Task.yield()
    }
  }
}

/// A suite's trait applies to each of its tests, under the tests' own.
@Suite("Dependency traits on a suite", .dependency(\.spelledNumber, 40))
struct SuiteDependencyTraitTests {
  @Test func aTestSeesItsSuitesValue() {
    #expect(SpelledModel().number == 40)
  }

  @Test(.dependency(\.spelledNumber, 41))
  func aTestsTraitWinsOverItsSuites() {
    #expect(SpelledModel().number == 41)
  }

  @Test(.dependencies { $0.spelledName = "test" })
  func aTestsTraitAddsToItsSuites() {
    #expect(SpelledModel().number == 40)
    #expect(SpelledModel().name == "test")
  }
}
