// Written as a swift-dependencies 1.x user writes it: only the import differs
// (`import GlobalEnv` in place of `import Dependencies`).
import GlobalEnv

/// The live module's half of `AnalyticsClient`: its live value.
nonisolated extension AnalyticsClient: DependencyKey {
  static let liveValue = AnalyticsClient(track: { _ in })
}
