import Foundation

/// A change of a setting, as the settings screen lists it.
public struct SettingChange: Equatable, Sendable {
  public var id: UUID
  public var name: String
  public var isOn: Bool
  public var at: Date

  public init(id: UUID, name: String, isOn: Bool, at: Date) {
    self.id = id
    self.name = name
    self.isOn = isOn
    self.at = at
  }
}

/// The settings' logic: saving a toggle.
public struct SettingsModel: Sendable {
  let environment: SettingsEnvironment

  public init(environment: SettingsEnvironment) {
    self.environment = environment
  }

  /// Saves `name` as `isOn` and returns the change.
  public func toggle(_ name: String, isOn: Bool) async throws -> SettingChange {
    try await environment.apiClient.saveSetting(name, isOn)
    let change = SettingChange(
      id: environment.uuid(), name: name, isOn: isOn, at: environment.now())
    environment.logger.log("\(name) turned \(isOn ? "on" : "off")")
    return change
  }
}
