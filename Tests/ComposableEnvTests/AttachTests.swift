import ComposableEnv
import TestSupport
import Testing

/// An environment built, read and given children of its own before it is attached under a parent
/// (`@DerivedEnvironment var child = existing`), and one created by the `@DerivedEnvironment`
/// expression itself, which is born attached. Serialized: the pre-built children count one
/// shared default's computations.
@Suite("Attaching a pre-built environment", .serialized)
struct AttachTests {
  @Test func prebuiltSubtreeInheritsFromItsNewParent() {
    let parent = FirstPrebuiltParent().with(\.number, 5)
    let grandchild = parent.child.next.next
    #expect(grandchild.number == 5)
    #expect(grandchild.name == "own")
    parent.with(\.number, 6)
    #expect(grandchild.number == 6)
  }

  @Test func prebuiltSubtreeUsesItsNewRootsDefaults() {
    let parent = SecondPrebuiltParent()
    let before = AttachCounter.shared.count
    _ = parent.child.next.countedAfterAttach
    _ = parent.countedAfterAttach
    // Once in the parent's tree (the pre-built tree computed its own before): never again.
    #expect(AttachCounter.shared.count - before == 1)
  }

  @Test func environmentCreatedByTheExpressionReadsItsParentsValuesAtOnce() {
    let parent = ExpressionParent().with(\.number, 5)
    #expect(parent.child.numberSeenWhenCreated == 5)
    #expect(parent.child.name == "own")
  }

  #if compiler(>=6.2)  // exit tests
    @Test func derivingAnEnvironmentFromItsOwnDescendantNamesIt() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let root = FeatureEnvironment()
        AdoptingParent.adoptee = root
        _ = root.next.derived(AdoptingParent.self).child
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("cannot derive FeatureEnvironment from one of its own descendants"))
    }
  #endif
}

/// A pre-built environment: set up, read and derived from before any parent adopts it.
private func makePrebuiltChild() -> FeatureEnvironment {
  let child = FeatureEnvironment().with(\.name, "own")
  #expect(child.next.next.number == 0)
  _ = child.next.countedAfterAttach
  return child
}

/// Parents that adopt a pre-built child (one type per test, so that tests stay independent).
/// The child is built when the parent is, before the derivation starts: an environment of the
/// child's type created *during* the derivation would be born attached instead.
private final class FirstPrebuiltParent: ComposableEnvironment {
  static let prebuilt = makePrebuiltChild()
  @DerivedEnvironment var child = FirstPrebuiltParent.prebuilt

  required init() {
    _ = Self.prebuilt
    super.init()
  }
}

private final class SecondPrebuiltParent: ComposableEnvironment {
  static let prebuilt = makePrebuiltChild()
  @DerivedEnvironment var child = SecondPrebuiltParent.prebuilt

  required init() {
    _ = Self.prebuilt
    super.init()
  }
}

/// A parent whose child is created by the `@DerivedEnvironment` expression.
private final class ExpressionParent: ComposableEnvironment {
  @DerivedEnvironment var child = ReadingChild().with(\.name, "own")
}

/// A child that reads a dependency in its initializer.
private final class ReadingChild: ComposableEnvironment {
  @Dependency(\.number) var number
  @Dependency(\.name) var name
  private(set) var numberSeenWhenCreated = -1

  required init() {
    super.init()
    numberSeenWhenCreated = number
  }
}

/// A parent that (wrongly) adopts an existing environment, for the cycle test.
private final class AdoptingParent: ComposableEnvironment {
  nonisolated(unsafe) static var adoptee: FeatureEnvironment?
  @DerivedEnvironment var child = AdoptingParent.adoptee!
}

enum AttachCounter {
  static let shared = Counter()
}

extension DependencyKeys {
  struct CountedAfterAttach: LiveInTests {
    static var defaultValue: Int {
      AttachCounter.shared.increment()
      return 3
    }
  }
}

extension Dependencies {
  var countedAfterAttach: Int {
    get { self[DependencyKeys.CountedAfterAttach.self] }
    set { self[DependencyKeys.CountedAfterAttach.self] = newValue }
  }
}
