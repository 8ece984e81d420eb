import Foundation

/// The profile's logic: a greeting for the time of day.
public struct ProfileModel: Sendable {
  let environment: ProfileEnvironment

  public init(environment: ProfileEnvironment) {
    self.environment = environment
  }

  /// "Good morning, Ada" before noon (UTC), "Good afternoon, Ada" after.
  public func greeting(for userID: String) async throws -> String {
    let name = try await environment.profileAPI.fetchName(userID)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let hour = calendar.component(.hour, from: environment.now())
    return "\(hour < 12 ? "Good morning" : "Good afternoon"), \(name)"
  }
}
