// Shared by the snippet targets (symlinked): the API client the documentation's snippets use.

/// A client for a backend, as Migration.md uses it.
struct APIClient: Sendable, CustomStringConvertible {
  var name: String
  var fetchTitles: @Sendable () -> [String]

  static let live = APIClient(name: "live") { ["Live post"] }
  static let stub = APIClient(name: "stub") { ["Stubbed post"] }

  var description: String { name }
}
