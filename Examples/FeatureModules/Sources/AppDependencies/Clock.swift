import DependencyValues
import Foundation

extension DependencyKeys {
  public struct Now: DependencyKey {
    public static var defaultValue: @Sendable () -> Date { { Date() } }
    public static var testValue: @Sendable () -> Date {
      unimplemented("now", placeholder: Date(timeIntervalSince1970: 0))
    }
  }
}

nonisolated extension Dependencies {
  /// The current time.
  public var now: @Sendable () -> Date {
    get { self[DependencyKeys.Now.self] }
    set { self[DependencyKeys.Now.self] = newValue }
  }
}
