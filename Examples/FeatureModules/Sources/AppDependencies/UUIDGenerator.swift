import DependencyValues
import Foundation

extension DependencyKeys {
  public struct UUIDGenerator: DependencyKey {
    public static var defaultValue: @Sendable () -> UUID { { UUID() } }
    public static var testValue: @Sendable () -> UUID {
      unimplemented(
        "uuid", placeholder: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    }
  }
}

nonisolated extension Dependencies {
  /// Makes identifiers.
  public var uuid: @Sendable () -> UUID {
    get { self[DependencyKeys.UUIDGenerator.self] }
    set { self[DependencyKeys.UUIDGenerator.self] = newValue }
  }
}
