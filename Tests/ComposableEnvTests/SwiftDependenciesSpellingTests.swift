import ComposableEnv
import ComposableEnvTesting
import Foundation
import Testing

private final class NotifyingEnvironment: ComposableEnvironment {
  @Dependency(\.notificationCenter) var notificationCenter
  @Dependency(\.spellingPageSize) var pageSize
}

extension DependencyKeys {
  fileprivate struct SpellingPageSize: DependencyKey {
    static var defaultValue: Int { 50 }
    static var testValue: Int { 10 }
  }
}

extension Dependencies {
  fileprivate var spellingPageSize: Int {
    get { self[DependencyKeys.SpellingPageSize.self] }
    set { self[DependencyKeys.SpellingPageSize.self] = newValue }
  }
}

extension Trait where Self == _DependenciesTrait {
  /// A trait of the test's own, declared by swift-dependencies' name of the traits' type.
  fileprivate static var stubbedPageSize: Self { .dependency(\.spellingPageSize, 3) }
}

/// swift-dependencies' spellings that ComposableEnv shares: the `notificationCenter` built-in and
/// the `_DependenciesTrait` name.
@Suite struct SwiftDependenciesSpellingTests {
  @Test func aTestEnvironmentReadsANotificationCenterOfItsOwn() {
    #expect(NotifyingEnvironment().notificationCenter !== NotificationCenter.default)
  }

  @Test(.dependencyContext(.live)) func theLiveNotificationCenterIsTheDefaultOne() {
    #expect(NotifyingEnvironment().notificationCenter === NotificationCenter.default)
  }

  @Test(.stubbedPageSize) func aTraitDeclaredAsADependenciesTraitSetsItsValue() {
    #expect(NotifyingEnvironment().pageSize == 3)
  }
}
