import ComposableEnv
import Testing

/// `@Dependency` and `@DerivedEnvironment` name `ComposableEnvironment`'s member wrappers inside
/// an environment class and, anywhere else, top-level wrappers whose unavailable `wrappedValue`
/// reports the mistake at the property's line (`Scripts/check-compile-time-misuse` checks the
/// errors and their lines). These tests check the name lookup that this rests on, and that the
/// reporting wrappers take every form of argument the real ones take, so that a misplaced property
/// gets that error rather than one about its arguments.
@Suite("Wrappers declared outside an environment")
struct MisplacedWrapperTests {
  @Test func insideAnEnvironmentTheNamesAreTheEnvironmentsWrappers() {
    #expect(NameLookupEnvironment.dependency == id(ComposableEnvironment.Dependency<Int>.self))
    #expect(
      NameLookupEnvironment.derivedEnvironment
        == id(ComposableEnvironment.DerivedEnvironment<FeatureEnvironment>.self))
  }

  @Test func elsewhereTheNamesAreTheReportingWrappers() {
    #expect(id(Dependency<Int>.self) != id(ComposableEnvironment.Dependency<Int>.self))
    #expect(
      id(DerivedEnvironment<FeatureEnvironment>.self)
        != id(ComposableEnvironment.DerivedEnvironment<FeatureEnvironment>.self))
  }

  @Test func theReportingDependencyTakesAKeyPathOrAKeyType() {
    #expect(id(type(of: Dependency(\.number))) == id(Dependency<Int>.self))
    #expect(id(type(of: Dependency(MisplacedKey.self))) == id(Dependency<String>.self))
  }

  @Test func theReportingDerivedEnvironmentTakesEveryFormOfChild() {
    let forms: [Any] = [
      DerivedEnvironment<FeatureEnvironment>(),
      DerivedEnvironment(wrappedValue: FeatureEnvironment()),
      DerivedEnvironment<FeatureEnvironment>(aliases: { $0.alias(\.feedQueue, to: \.mainQueue) }),
      DerivedEnvironment(wrappedValue: FeatureEnvironment()) {
        $0.alias(\.feedQueue, to: \.mainQueue)
        $0.alias(MisplacedKey.self, to: \.name)
      },
    ]
    #expect(forms.allSatisfy { $0 is DerivedEnvironment<FeatureEnvironment> })
  }
}

/// Reports which wrapper types the names denote inside an environment class.
private final class NameLookupEnvironment: ComposableEnvironment {
  static let dependency = id(Dependency<Int>.self)
  static let derivedEnvironment = id(DerivedEnvironment<FeatureEnvironment>.self)
}

/// A type's identity, to compare types.
private func id(_ type: Any.Type) -> ObjectIdentifier {
  ObjectIdentifier(type)
}

private enum MisplacedKey: DependencyKey {
  static var defaultValue: String { "misplaced" }
}
