#if GLOBAL_ENV
  import GlobalFeatureBase
#else
  import FeatureBase
#endif

/// The search backend: titles that match a query. Its own dependency key, declared with the type
/// (which also makes it nonisolated in this main-actor-default module).
public struct SearchClient: DependencyKey, Sendable {
  public var search: @Sendable (String) async throws -> [String]

  public init(search: @escaping @Sendable (String) async throws -> [String]) {
    self.search = search
  }

  /// The live backend (canned here: the titles that contain the query).
  public static var defaultValue: SearchClient {
    SearchClient { query in
      ["Swift concurrency", "Swift testing", "SwiftUI layout"].filter { $0.contains(query) }
    }
  }

  /// In tests: fails any test that searches without setting it.
  public static var testValue: SearchClient {
    SearchClient(search: unimplemented("SearchClient.search"))
  }
}

nonisolated extension Dependencies {
  /// The search backend.
  public var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}
