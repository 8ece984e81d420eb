import AppDependencies
import ComposableEnvTesting
import Foundation
import SettingsFeature
import Testing

@Suite(.dependencyTestContext)
struct SettingsFeatureTests {
  // `nonisolated`: read by the `@Sendable` stub below, off the main actor (this module's default).
  nonisolated static let id = UUID(uuidString: "00000000-0000-0000-0000-000000000007")!

  @Test func aToggleIsSavedAndRecorded() async throws {
    let saved = Saved()
    var api = APIClient.failing
    api.saveSetting = { name, isOn in saved.add("\(name)=\(isOn)") }
    let settings = SettingsEnvironment()
      .with(\.apiClient, api)
      .with(\.uuid, { Self.id })
      .with(\.now, { Date(timeIntervalSince1970: 60) })
    let change = try await SettingsModel(environment: settings).toggle("dark mode", isOn: true)
    #expect(
      change
        == SettingChange(
          id: Self.id, name: "dark mode", isOn: true, at: Date(timeIntervalSince1970: 60)))
    #expect(saved.values == ["dark mode=true"])
  }

  @Test func aFailedSaveRecordsNothing() async {
    struct Rejected: Error {}
    var api = APIClient.failing
    api.saveSetting = { _, _ in throw Rejected() }
    // No clock and no identifiers set: reaching them would fail the test.
    let settings = SettingsEnvironment().with(\.apiClient, api)
    await #expect(throws: Rejected.self) {
      try await SettingsModel(environment: settings).toggle("dark mode", isOn: true)
    }
  }
}

/// What the stub backend saved. `nonisolated`: the stub calls it off the main actor.
nonisolated final class Saved: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var stored: [String] = []

  var values: [String] { lock.withLock { stored } }
  func add(_ value: String) { lock.withLock { stored.append(value) } }
}
