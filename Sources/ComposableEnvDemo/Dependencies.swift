import ComposableEnv

/// A client for the app's backend. The live one talks to production; previews use a stub.
struct APIClient: Sendable, CustomStringConvertible {
  var baseURL: String
  var fetchTitles: @Sendable () -> [String]

  static let live = APIClient(baseURL: "https://api.example.com") { ["Hello", "World"] }
  static let stub = APIClient(baseURL: "stub://local") { ["Stubbed post"] }

  var description: String { "APIClient(\(baseURL))" }
}

/// A clock: the live one reads the system time; tests freeze it.
struct Clock: Sendable, CustomStringConvertible {
  var name: String
  var now: @Sendable () -> String

  static let system = Clock(name: "system") { "10:15:00" }
  static func frozen(at time: String) -> Clock { Clock(name: "frozen at \(time)") { time } }

  var description: String { "Clock(\(name))" }
}

/// A logger that tags its lines with a subsystem.
struct Logger: Sendable, CustomStringConvertible {
  var subsystem: String
  var description: String { "Logger(\(subsystem))" }
}

extension DependencyKeys {
  struct API: DependencyKey {
    static var defaultValue: APIClient { .live }
  }
  struct ClockKey: DependencyKey {
    static var defaultValue: Clock { .system }
  }
  struct AppLogger: DependencyKey {
    static var defaultValue: Logger { Logger(subsystem: "app") }
  }
  /// The feed team's name for the logger: aliased to `logger` in the app.
  struct FeedLogger: DependencyKey {
    static var defaultValue: Logger { Logger(subsystem: "feed") }
  }
}

extension Dependencies {
  var apiClient: APIClient {
    get { self[DependencyKeys.API.self] }
    set { self[DependencyKeys.API.self] = newValue }
  }
  var clock: Clock {
    get { self[DependencyKeys.ClockKey.self] }
    set { self[DependencyKeys.ClockKey.self] = newValue }
  }
  var logger: Logger {
    get { self[DependencyKeys.AppLogger.self] }
    set { self[DependencyKeys.AppLogger.self] = newValue }
  }
  var feedLogger: Logger {
    get { self[DependencyKeys.FeedLogger.self] }
    set { self[DependencyKeys.FeedLogger.self] = newValue }
  }
}
