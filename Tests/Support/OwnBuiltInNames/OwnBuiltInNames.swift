// A feature module that declares its own `date` and `uuid` on `Dependencies`, as apps written for
// swift-composable-environment 0.5 did: a module that imports it and an environment module must
// read these, not the built-ins of the same names.
import DependencyValues

extension DependencyKeys {
  public struct OwnDate: DependencyKey {
    public static var defaultValue: @Sendable () -> Int { { 1_234 } }
  }
  public struct OwnUUID: DependencyKey {
    public static var defaultValue: String { "own-uuid" }
  }
}

extension Dependencies {
  /// This module's `date`: a number, not the built-in `DateGenerator`.
  public var date: @Sendable () -> Int {
    get { self[DependencyKeys.OwnDate.self] }
    set { self[DependencyKeys.OwnDate.self] = newValue }
  }

  /// This module's `uuid`: a string, not the built-in `UUIDGenerator`.
  public var uuid: String {
    get { self[DependencyKeys.OwnUUID.self] }
    set { self[DependencyKeys.OwnUUID.self] = newValue }
  }
}
