import DependencyValues

/// Where features write what they did. Its own dependency key, so nonisolated.
public struct AppLogger: DependencyKey, Sendable {
  public var log: @Sendable (_ message: String) -> Void

  public init(log: @escaping @Sendable (_ message: String) -> Void) {
    self.log = log
  }

  /// Prints each message with a label.
  public static func printing(label: String) -> AppLogger {
    AppLogger { print("[\(label)] \($0)") }
  }

  /// Drops every message: what tests log to unless they count.
  public static let silent = AppLogger { _ in }
}

extension AppLogger {
  public static var defaultValue: AppLogger { .printing(label: "app") }
  public static var testValue: AppLogger { .silent }
}

nonisolated extension Dependencies {
  /// The logger, as a key path: the same dependency as `AppLogger.self`.
  public var logger: AppLogger {
    get { self[AppLogger.self] }
    set { self[AppLogger.self] = newValue }
  }
}
