import ComposableEnv
import TestSupport
import Testing

/// An environment built, read and given children of its own before it is attached under a parent:
/// `@DerivedEnvironment var child = <expression>` evaluates the expression on first access.
@Suite("Attaching a pre-built environment")
struct AttachTests {
  @Test func prebuiltSubtreeInheritsFromItsNewParent() {
    let parent = PrebuiltParent().with(\.number, 5)
    let grandchild = parent.child.next.next
    #expect(grandchild.number == 5)
    #expect(grandchild.name == "own")
    parent.with(\.number, 6)
    #expect(grandchild.number == 6)
  }

  @Test func prebuiltSubtreeUsesItsNewRootsDefaults() {
    let before = AttachCounter.shared.count
    let parent = PrebuiltParent()
    _ = parent.child.next.countedAfterAttach
    _ = parent.countedAfterAttach
    // Once in the pre-built tree, once in the parent's: never again.
    #expect(AttachCounter.shared.count - before == 2)
  }

  @Test func derivingAnEnvironmentFromItsOwnDescendantNamesIt() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let root = FeatureEnvironment()
      AdoptingParent.adoptee = root
      _ = root.next.derived(AdoptingParent.self).child
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains("cannot derive FeatureEnvironment from one of its own descendants"))
  }
}

/// A parent whose child was built, read and derived from before being attached.
private final class PrebuiltParent: ComposableEnvironment {
  @DerivedEnvironment var child = PrebuiltParent.makePrebuiltChild()

  static func makePrebuiltChild() -> FeatureEnvironment {
    let child = FeatureEnvironment().with(\.name, "own")
    #expect(child.next.next.number == 0)
    _ = child.next.countedAfterAttach
    return child
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
  struct CountedAfterAttach: DependencyKey {
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
