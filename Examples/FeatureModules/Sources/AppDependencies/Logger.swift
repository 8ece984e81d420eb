import DependencyValues

/// Where features write what they did.
public struct AppLogger: Sendable {
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

extension DependencyKeys {
  public struct Logger: DependencyKey {
    public static var defaultValue: AppLogger { .printing(label: "app") }
    public static var testValue: AppLogger { .silent }
  }
}

extension Dependencies {
  /// The logger.
  public var logger: AppLogger {
    get { self[DependencyKeys.Logger.self] }
    set { self[DependencyKeys.Logger.self] = newValue }
  }
}
