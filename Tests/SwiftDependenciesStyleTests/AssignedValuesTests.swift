// Written as a swift-dependencies 1.x user writes it: only the imports differ
// (`import GlobalEnv` in place of `import Dependencies`, `import GlobalEnvTesting` in place of
// `import DependenciesTestSupport`).
import Foundation
import GlobalEnv
import GlobalEnvTesting
import Testing

/// `withDependencies { $0 = values }`: an update closure that assigns a whole set of values makes
/// the scope read those.
@Suite struct AssignedValuesTests {
  @Test func assignedNewValuesReadNoOverrideOfTheScopesAround() {
    let url = withDependencies {
      $0.apiBaseURL = URL(string: "https://outer.example.com")!
    } operation: {
      withDependencies {
        $0 = DependencyValues()
      } operation: {
        @Dependency(\.apiBaseURL) var apiBaseURL
        return apiBaseURL
      }
    }

    #expect(url == URL(string: "https://test.example.com")!)
  }

  @Test func assignedNewValuesKeepTheValuesSetOnThem() {
    let url = withDependencies {
      $0 = DependencyValues()
      $0.apiBaseURL = URL(string: "https://assigned.example.com")!
    } operation: {
      @Dependency(\.apiBaseURL) var apiBaseURL
      return apiBaseURL
    }

    #expect(url == URL(string: "https://assigned.example.com")!)
  }

  @Test func assignedNewValuesComputeEachTestValueAnew() {
    func counter() -> Counter {
      withDependencies {
        $0 = .test
      } operation: {
        @Dependency(\.counter) var counter
        return counter
      }
    }

    #expect(counter() !== counter())
  }

  @Test func assignedLiveValuesReadLiveValues() {
    let url = withDependencies {
      $0 = .live
    } operation: {
      @Dependency(\.apiBaseURL) var apiBaseURL
      return apiBaseURL
    }

    #expect(url == URL(string: "https://api.example.com")!)
  }

  @Test func assignedValuesOfAnUpdateThatSuspendsReadNoOverrideAround() async {
    let url = await withDependencies {
      $0.apiBaseURL = URL(string: "https://outer.example.com")!
    } operation: {
      await withDependencies {
        await Task.yield()
        $0 = DependencyValues()
      } operation: {
        @Dependency(\.apiBaseURL) var apiBaseURL
        return apiBaseURL
      }
    }

    #expect(url == URL(string: "https://test.example.com")!)
  }

  @Test func assignedCurrentValuesAreReadWhereTheyAreAssigned() {
    let saved = withDependencies {
      $0.apiBaseURL = URL(string: "https://saved.example.com")!
    } operation: {
      DependencyValues._current
    }

    let url = withDependencies {
      $0 = saved
    } operation: {
      @Dependency(\.apiBaseURL) var apiBaseURL
      return apiBaseURL
    }

    #expect(url == URL(string: "https://saved.example.com")!)
  }
}

/// A reference whose identity tells one test value from another.
private nonisolated final class Counter: Sendable {}

private nonisolated enum CounterKey: TestDependencyKey {
  static var testValue: Counter { Counter() }
}

extension DependencyValues {
  fileprivate nonisolated var counter: Counter {
    get { self[CounterKey.self] }
    set { self[CounterKey.self] = newValue }
  }
}
