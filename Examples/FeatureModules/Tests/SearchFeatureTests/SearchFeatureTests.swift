import ComposableEnvTesting
import Foundation
import SearchFeature
import Testing

/// The debounced search, tested with a `TestClock`: typing and pauses take no real time.
@Suite(.dependencyTestContext, .timeLimit(.minutes(1)))
struct SearchFeatureTests {
  @Test func searchesOnceTypingPauses() async {
    let clock = TestClock()
    let searched = Queries()
    let environment = SearchEnvironment()
      .with(\.searchClient, SearchClient { query in searched.add(query) })
      .with(\.continuousClock, clock)
      .with(\.uuid, .incrementing)
      .with(\.date, .constant(Date(timeIntervalSince1970: 0)))
    let model = SearchModel(environment: environment)

    model.queryChanged("sw")
    await clock.advance(by: .milliseconds(100))
    model.queryChanged("swift")  // within the debounce: "sw" is never searched
    await clock.advance(by: .milliseconds(299))
    #expect(model.searches == 0)

    await clock.advance(by: .milliseconds(1))
    await model.searchFinished()
    #expect(searched.values == ["swift"])
    #expect(
      model.results == [
        SearchResult(id: UUID(0), title: "swift result", foundAt: Date(timeIntervalSince1970: 0))
      ])
  }

  @Test func aSearchWithoutABackendFailsTheTestNamingIt() async {
    let clock = TestClock()
    let model = SearchModel(environment: SearchEnvironment().with(\.continuousClock, clock))
    await withKnownIssue {
      model.queryChanged("swift")
      await clock.advance(by: SearchModel.debounce)
      await model.searchFinished()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("SearchClient.search") }
    }
  }
}

/// The queries the stub backend received. `nonisolated`: the backend runs off the main actor.
nonisolated final class Queries: @unchecked Sendable {
  private let lock = NSLock()
  private var received: [String] = []

  /// Records `query` and answers one result for it.
  func add(_ query: String) -> [String] {
    lock.withLock { received.append(query) }
    return ["\(query) result"]
  }

  var values: [String] { lock.withLock { received } }
}
