// Written as a swift-dependencies 1.x user writes it: only the imports differ
// (`import GlobalEnv` in place of `import Dependencies`, `import GlobalEnvTesting` in place of
// `import DependenciesTestSupport`).
import Foundation
import GlobalEnv
import GlobalEnvTesting
import Testing

/// swift-dependencies' scopes: `withDependencies`, `withDependencies(from:)`,
/// `prepareDependencies`, `withEscapedDependencies`, and `context`.
@Suite struct ScopeTests {
  @Test func aScopeOverridesWhatAModelMadeInsideItReads() async throws {
    let model = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.uuid = .incrementing
      $0.numberFact.fetch = { "\($0) is a good number." }
    } operation: {
      FeatureModel()
    }

    try await model.addFact(about: 42)

    #expect(
      model.facts == [
        Fact(
          id: UUID(0), text: "42 is a good number.",
          createdAt: Date(timeIntervalSince1970: 1_234_567_890))
      ])
  }

  @Test func anAsynchronousScopeReturnsItsOperationsValue() async throws {
    let fact = try await withDependencies {
      $0.numberFact.fetch = { "\($0) is fetched." }
    } operation: {
      try await FeatureModel().numberFact.fetch(7)
    }

    #expect(fact == "7 is fetched.")
  }

  @Test func aChildModelMadeFromItsParentReadsTheParentsDependencies() {
    let parent = withDependencies {
      $0.apiBaseURL = URL(string: "https://parent.example.com")!
      $0.date.now = Date(timeIntervalSince1970: 0)
    } operation: {
      FeatureModel()
    }

    let child = withDependencies(from: parent) {
      $0.date.now = Date(timeIntervalSince1970: 60)
    } operation: {
      FeatureModel()
    }

    #expect(child.apiBaseURL == URL(string: "https://parent.example.com")!)
    #expect(child.now == Date(timeIntervalSince1970: 60))
  }

  @Test(.dependencies) func prepareDependenciesSetsValuesForTheRestOfTheTest() {
    prepareDependencies {
      $0.apiBaseURL = URL(string: "https://prepared.example.com")!
    }

    #expect(FeatureModel().apiBaseURL == URL(string: "https://prepared.example.com")!)
  }

  @Test func escapedDependenciesReachAClosureThatRunsLater() async {
    let url = await withDependencies {
      $0.apiBaseURL = URL(string: "https://escaped.example.com")!
    } operation: {
      await withEscapedDependencies { continuation in
        await withCheckedContinuation { (checked: CheckedContinuation<URL, Never>) in
          DispatchQueue.global().async {
            continuation.yield {
              @Dependency(\.apiBaseURL) var apiBaseURL
              checked.resume(returning: apiBaseURL)
            }
          }
        }
      }
    }

    #expect(url == URL(string: "https://escaped.example.com")!)
  }

  @Test func theLiveContextReadsLiveValuesOfKeysNotSet() async {
    let model = withDependencies {
      $0.context = .live
    } operation: {
      FeatureModel()
    }

    #expect(model.apiBaseURL == URL(string: "https://api.example.com")!)
    #expect(model.greeter.greet("Blob") == "Hello, Blob!")
    // An interface's key whose live value another file declares: no test failure.
    await model.analytics.track("opened")
  }

  @Test func thePreviewContextReadsPreviewValues() async throws {
    let model = withDependencies {
      $0.context = .preview
    } operation: {
      FeatureModel()
    }

    #expect(model.apiBaseURL == URL(string: "https://preview.example.com")!)
    #expect(try await model.numberFact.fetch(3) == "3 is a preview number.")
  }
}

/// A model without a `@Dependency` property of its own, whose child reads its values.
private final class ParentWithoutDependencies {
  func child() -> FeatureModel {
    withDependencies(from: self) { FeatureModel() }
  }
}

extension ScopeTests {
  @Test func aModelWithoutDependenciesGivesItsChildTheScopeThatMadeIt() {
    let parent = withDependencies {
      $0.apiBaseURL = URL(string: "https://made.example.com")!
    } operation: {
      ParentWithoutDependencies()
    }

    #expect(parent.child().apiBaseURL == URL(string: "https://made.example.com")!)
  }
}
