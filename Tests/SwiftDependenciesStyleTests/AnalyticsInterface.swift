// Written as a swift-dependencies 1.x user writes it: only the import differs
// (`import GlobalEnv` in place of `import Dependencies`). As swift-dependencies asks where the main
// actor is the default isolation (its macros say "client must be 'nonisolated struct'" and "entry
// must be 'nonisolated var'"), clients that conform in an extension and `DependencyValues` entries
// are `nonisolated`.
import GlobalEnv

/// An interface module's client: a `TestDependencyKey` only. Its live value is declared elsewhere
/// (AnalyticsLive.swift stands for the live module).
nonisolated struct AnalyticsClient: Sendable {
  var track: @Sendable (String) async -> Void
}

nonisolated extension AnalyticsClient: TestDependencyKey {
  static let testValue = AnalyticsClient(track: unimplemented("AnalyticsClient.track"))
  static let previewValue = AnalyticsClient(track: { _ in })
}

extension DependencyValues {
  nonisolated var analytics: AnalyticsClient {
    get { self[AnalyticsClient.self] }
    set { self[AnalyticsClient.self] = newValue }
  }
}
