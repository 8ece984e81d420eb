import GlobalEnv
import Testing

@Suite("Derived environments")
struct DerivedEnvironmentTests {
  /// A class environment, so that identity shows whether the child was created once.
  final class Child: GlobalEnvironment, @unchecked Sendable {
    @Dependency(\.scoped) var scoped
    init() {}
  }

  struct Parent: GlobalEnvironment {
    @DerivedEnvironment<Child> var child
  }

  @Test func childIsCached() {
    let parent = Parent()
    #expect(parent.child === parent.child)
  }

  @Test func concurrentFirstAccessCreatesOneChild() async {
    let parent = Parent()
    let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 { group.addTask { ObjectIdentifier(parent.child) } }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identities.count == 1)
  }

  @Test func childReadsTheSameValuesAsItsParent() {
    Dependencies.withValues {
      $0.scoped = 11
    } operation: {
      #expect(Parent().child.scoped == 11)
    }
  }
}
