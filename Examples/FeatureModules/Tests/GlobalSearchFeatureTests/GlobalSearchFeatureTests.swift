import Foundation
import GlobalEnvTesting
import GlobalSearchFeature
import Testing

/// The same search against GlobalEnv: the environment is made in a test scope, and keeps that
/// scope's values wherever it is used later, a GCD callback included.
@Suite(.dependencyTestContext, .timeLimit(.minutes(1)))
struct GlobalSearchFeatureTests {
  @Test func anEnvironmentMadeInAScopeKeepsItsValuesInAGCDCallback() async {
    let environment = Dependencies.withValues {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 42))
    } operation: {
      SearchEnvironment()
    }
    let (id, date) = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: (environment.uuid(), environment.date.now))
      }
    }
    #expect(id == UUID(0))
    #expect(date == Date(timeIntervalSince1970: 42))
  }

  @Test func searchesOnceTypingPauses() async {
    let clock = TestClock()
    let model = Dependencies.withValues {
      $0.searchClient = SearchClient { query in ["\(query) result"] }
      $0.continuousClock = clock
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
      SearchModel(environment: SearchEnvironment())
    }
    model.queryChanged("swift")
    await clock.advance(by: .milliseconds(299))
    #expect(model.searches == 0)
    await clock.advance(by: .milliseconds(1))
    await model.searchFinished()
    #expect(
      model.results == [
        SearchResult(id: UUID(0), title: "swift result", foundAt: Date(timeIntervalSince1970: 0))
      ])
  }
}
