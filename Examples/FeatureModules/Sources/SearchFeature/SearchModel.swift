import Foundation

/// One search result, stamped with an id and the time it was found.
public struct SearchResult: Equatable, Sendable {
  public var id: UUID
  public var title: String
  public var foundAt: Date

  public init(id: UUID, title: String, foundAt: Date) {
    self.id = id
    self.title = title
    self.foundAt = foundAt
  }
}

/// The search screen's logic: searches once typing pauses for 300 ms (a debounce on the
/// environment's clock). Main-actor isolated, as this module's default isolation makes it.
public final class SearchModel {
  /// How long typing must pause before a search starts.
  public static let debounce = Duration.milliseconds(300)

  let environment: SearchEnvironment
  public private(set) var results: [SearchResult] = []
  /// How many searches reached the backend.
  public private(set) var searches = 0
  private var pending: Task<Void, Never>?

  public init(environment: SearchEnvironment) {
    self.environment = environment
  }

  /// Waits until the search in progress, if any, has finished or been cancelled: for callers (and
  /// tests) that need its results.
  public func searchFinished() async {
    await pending?.value
  }

  /// Restarts the debounce: a search for `query` starts when no other change comes within
  /// ``debounce``.
  public func queryChanged(_ query: String) {
    pending?.cancel()
    let environment = self.environment
    pending = Task {
      do {
        try await environment.clock.sleep(for: Self.debounce)
        searches += 1
        let titles = try await environment.searchClient.search(query)
        results = titles.map {
          SearchResult(id: environment.uuid(), title: $0, foundAt: environment.date.now)
        }
      } catch {
        // Cancelled by a newer change, or the backend failed: keep the previous results.
      }
    }
  }
}
