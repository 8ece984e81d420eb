import ComposableEnv
import ComposableEnvTesting
import TestSupport
import Testing

extension DependencyKeys {
  fileprivate struct TraitNumber: LiveInTests { static var defaultValue: Int { 0 } }
  fileprivate struct TraitName: LiveInTests { static var defaultValue: String { "default" } }
  /// A key without a test value, for the reads that setting part of a value makes.
  fileprivate struct TraitClient: DependencyKey {
    static var defaultValue: Value { Value(host: "live", port: 80) }
    struct Value: Sendable, Equatable {
      var host: String
      var port: Int
    }
  }
}

/// A value that is its own key, as `.dependency(_:)` takes it.
private struct TraitGreeter: TestDependencyKey, Sendable, Equatable {
  var greeting: String
  static let testValue = TraitGreeter(greeting: "test")
}

extension Dependencies {
  fileprivate var traitNumber: Int {
    get { self[DependencyKeys.TraitNumber.self] }
    set { self[DependencyKeys.TraitNumber.self] = newValue }
  }
  fileprivate var traitName: String {
    get { self[DependencyKeys.TraitName.self] }
    set { self[DependencyKeys.TraitName.self] = newValue }
  }
  fileprivate var traitClient: DependencyKeys.TraitClient.Value {
    get { self[DependencyKeys.TraitClient.self] }
    set { self[DependencyKeys.TraitClient.self] = newValue }
  }
  fileprivate var traitGreeter: TraitGreeter {
    get { self[TraitGreeter.self] }
    set { self[TraitGreeter.self] = newValue }
  }
}

private final class TraitEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.traitNumber) var number
  @Dependency(\.traitName) var name
  @Dependency(\.traitClient) var client
  @Dependency(\.traitGreeter) var greeter
  @DerivedEnvironment<TraitEnvironment> var child
}

/// swift-dependencies' traits in ComposableEnv: environments created in the test read their
/// values where no environment sets the key.
@Suite("Dependency traits")
struct DependencyTraitTests {
  // Two tests that set one key differently and run in parallel: each sees its own value.
  @Test(.dependency(\.traitName, "first"))
  func aKeyPathTraitsValueIsTheTestsOwn() async {
    for _ in 0..<100 {
      #expect(TraitEnvironment().name == "first")
      await Task.yield()
    }
  }

  @Test(.dependency(\.traitName, "second"))
  func anotherKeyPathTraitsValueForTheSameKeyIsItsTestsOwn() async {
    for _ in 0..<100 {
      #expect(TraitEnvironment().name == "second")
      await Task.yield()
    }
  }

  @Test(.dependency(\.traitNumber, 1))
  func derivedEnvironmentsReadTheValue() {
    #expect(TraitEnvironment().child.child.number == 1)
  }

  @Test(.dependency(\.traitNumber, 2))
  func anEnvironmentsOwnValueWinsOverTheTraits() {
    let environment = TraitEnvironment().with(\.traitNumber, 3)
    #expect(environment.child.number == 3)
    #expect(TraitEnvironment().number == 2)
  }

  @Test(.dependency(TraitGreeter(greeting: "hello")))
  func aValueThatIsItsOwnKeyOverridesThatKey() {
    #expect(TraitEnvironment().greeter == TraitGreeter(greeting: "hello"))
  }

  @Test(.dependencies { $0.traitNumber = await suspendedNumber(4) })
  func anUpdateThatAwaitsSetsTheTestsValues() {
    #expect(TraitEnvironment().number == 4)
  }

  @Test(.dependency(\.traitClient.port, 8080))
  func aTraitReadsToSetPartOfAValueUnreported() {
    // `traitClient` has no test value: reading it to set its port is part of setting it.
    #expect(TraitEnvironment().client == .init(host: "live", port: 8080))
  }

  @Test(.dependency(\.traitNumber, 5))
  func anEnvironmentMadeInATaskOfTheTestReadsTheValue() async {
    #expect(await Task { TraitEnvironment().number }.value == 5)
  }

  @Test(.dependencies, .dependencyTestContext)
  func theBareTraitGivesATestContextOfItsOwn() {
    #expect(TraitEnvironment().number == 0)
  }
}

/// A suite's trait applies to each of its tests, under the tests' own.
@Suite("Dependency traits on a suite", .dependency(\.traitNumber, 40))
struct SuiteDependencyTraitTests {
  @Test func aTestSeesItsSuitesValue() {
    #expect(TraitEnvironment().number == 40)
  }

  @Test(.dependency(\.traitNumber, 41))
  func aTestsTraitWinsOverItsSuites() {
    #expect(TraitEnvironment().number == 41)
  }

  @Test(.dependencies { $0.traitName = "test" })
  func aTestsTraitAddsToItsSuites() {
    let environment = TraitEnvironment()
    #expect(environment.number == 40)
    #expect(environment.name == "test")
  }

  @Test(.dependencyTestContext)
  func aTestContextInsideTheSuitesTraitReadsItsValues() {
    #expect(TraitEnvironment().number == 40)
  }
}

/// A number computed after a suspension.
private func suspendedNumber(_ number: Int) async -> Int {
  await Task.yield()
  return number
}
