// Written as a swift-dependencies 1.x user writes it: only the import differs
// (`import GlobalEnv` in place of `import Dependencies`). As swift-dependencies asks where the main
// actor is the default isolation (its macros say "client must be 'nonisolated struct'" and "entry
// must be 'nonisolated var'"), clients that conform in an extension and `DependencyValues` entries
// are `nonisolated`.
import Foundation
import GlobalEnv

/// A client of closures that is its own key, with live, test and preview values.
nonisolated struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

nonisolated extension NumberFactClient: DependencyKey {
  static let liveValue = NumberFactClient { number in "\(number) is a live number." }
  static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
  static let previewValue = NumberFactClient { number in "\(number) is a preview number." }
}

extension DependencyValues {
  nonisolated var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

/// A key of its own, for a plain value.
private nonisolated enum APIBaseURLKey: DependencyKey {
  static let liveValue = URL(string: "https://api.example.com")!
  static let testValue = URL(string: "https://test.example.com")!
  static let previewValue = URL(string: "https://preview.example.com")!
}

extension DependencyValues {
  nonisolated var apiBaseURL: URL {
    get { self[APIBaseURLKey.self] }
    set { self[APIBaseURLKey.self] = newValue }
  }
}

/// A type that is its own key, read with `@Dependency(Greeter.self)`.
nonisolated struct Greeter: DependencyKey, Sendable {
  var greet: @Sendable (String) -> String

  static let liveValue = Greeter { name in "Hello, \(name)!" }
  static let testValue = Greeter { name in "Hello, test \(name)!" }
}
