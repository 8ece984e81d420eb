// Written as a swift-dependencies 1.x user writes it: only the imports differ
// (`import GlobalEnv` in place of `import Dependencies`, `import GlobalEnvTesting` in place of
// `import DependenciesTestSupport`). Spellings of swift-dependencies (and IssueReporting) beyond
// the everyday ones: primary associated types, location arguments, `UnimplementedFailure`,
// `notificationCenter`, `_DependenciesTrait`.
import Foundation
import GlobalEnv
import GlobalEnvTesting
import Testing

@Suite struct SpellingTests {
  @Test func keysAreNamedByTheTypeOfTheirValue() {
    let keys: [any TestDependencyKey<Int>.Type] = [PageSizeKey.self, RetryCountKey.self]

    #expect(keys.map { $0.testValue } == [10, 1])
  }

  @Test func aLiveKeyIsNamedByTheTypeOfItsValue() {
    #expect(liveValue(of: PageSizeKey()) == 50)
  }

  @Test func aSubscriptReadWithItsLocationReadsTheKey() {
    var values = DependencyValues()
    values[PageSizeKey.self] = 7

    let read = values[
      PageSizeKey.self, fileID: #fileID, filePath: #filePath, line: #line, column: #column,
      function: #function]

    #expect(read == 7)
  }

  @Test func aSubscriptReadIsReportedAtTheLineItIsGiven() {
    withKnownIssue {
      _ = DependencyValues()[LiveOnlyKey.self, line: 4242]
    } matching: { issue in
      issue.sourceLocation?.line == 4242
    }
  }

  @Test func aModelWithoutValuesIsReportedAtTheLineOfTheCall() {
    withKnownIssue {
      withDependencies(from: ModelWithoutDependencies(), operation: {}, line: 4343)
    } matching: { issue in
      issue.sourceLocation?.line == 4343
    }
  }

  @Test func anEndpointWithoutANameIsNamedByTheFunctionItWasMadeIn() {
    let count: @Sendable () -> Int = unimplemented(placeholder: 0, function: "makeCounter()")

    withKnownIssue {
      _ = count()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("makeCounter()") }
    }
  }

  @Test func aThrowingEndpointThrowsAnUnimplementedFailure() {
    let fetch: @Sendable () throws -> Int = unimplemented("Client.fetch")
    var caught: UnimplementedFailure?

    withKnownIssue {
      do {
        _ = try fetch()
      } catch let error as UnimplementedFailure {
        caught = error
      }
    }

    #expect(caught?.description.contains("Client.fetch") == true)
  }

  @Test func anUnimplementedFailureIsDescribedByItsDescription() {
    let failure = UnimplementedFailure(description: "Client.fetch")

    #expect(failure.description == "Client.fetch")
  }

  @Test func aTestReadsANotificationCenterOfItsOwn() {
    @Dependency(\.notificationCenter) var notificationCenter

    #expect(notificationCenter !== NotificationCenter.default)
  }

  @Test(.stubbedPageSize) func aTraitDeclaredAsADependenciesTraitSetsItsValue() {
    @Dependency(\.pageSize) var pageSize

    #expect(pageSize == 3)
  }
}

/// A key whose value, an `Int`, names it: `any TestDependencyKey<Int>.Type`.
private nonisolated struct PageSizeKey: DependencyKey {
  static let liveValue = 50
  static let testValue = 10
}

private nonisolated enum RetryCountKey: TestDependencyKey {
  static let testValue = 1
}

/// A key with no test value: a test that reads it unset fails.
private nonisolated enum LiveOnlyKey: DependencyKey {
  static let liveValue = 0
}

extension DependencyValues {
  fileprivate nonisolated var pageSize: Int {
    get { self[PageSizeKey.self] }
    set { self[PageSizeKey.self] = newValue }
  }
}

/// The live value of any key whose value is an `Int`.
private nonisolated func liveValue(of key: some DependencyKey<Int>) -> Int {
  type(of: key).liveValue
}

/// A model with nothing for `withDependencies(from:)` to carry over.
private nonisolated final class ModelWithoutDependencies {}

extension Trait where Self == _DependenciesTrait {
  /// A trait of the test's own, declared by swift-dependencies' name of the traits' type.
  fileprivate nonisolated static var stubbedPageSize: Self {
    .dependency(\.pageSize, 3)
  }
}
