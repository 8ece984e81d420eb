import DependencyValues
import _EnvironmentCore

/// A dependency that must be started before it is read: it needs `await` to be made (a
/// connection pool, configuration from a secrets service, a warmed cache), may fail to start, and
/// may need stopping. Declared next to plain keys, read like them once started.
///
/// ```swift
/// struct Database: ServiceKey, Sendable {
///   var pool: ConnectionPool
///   static func start(_ services: ServiceStart) async throws -> Database {
///     let config = try await services.start(Config.self)  // Config starts first
///     return Database(pool: try await ConnectionPool.open(config.databaseURL))
///   }
///   static func stop(_ database: Database, dependencies: Dependencies) async throws {
///     try await database.pool.close()
///     dependencies.logger.info("database closed")  // the environment's dependencies
///   }
/// }
/// ```
///
/// An environment starts its services with `startServices(_:)`; after that, `@Dependency(
/// Database.self)` (or a `Dependencies` property whose getter reads `Database.self`) reads the
/// started value synchronously, at the speed of any read. A value set for the key (`with`, a
/// scope, a trait) wins over starting it: the service is then not started, as a test that swaps in
/// a fake wants. Reading a service that was neither started nor set stops the program with a
/// message naming the key and saying what to call; in a test context, a key's `testValue` is read
/// instead, as for any key.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public protocol ServiceKey: DependencyKey {
  /// The service's value, what `start` returns: restated so that a service key needs no
  /// `typealias`, its type being inferred from `start`.
  associatedtype Value
  /// Makes the service's value. Runs once per started environment, outside any lock of the
  /// library; reads plain dependencies synchronously through `services.dependencies`, and other
  /// services with `try await services.start(Other.self)`, which starts them first (the edges
  /// of the start-up order). Cancellation of the start-up reaches it as task cancellation.
  ///
  /// ```swift
  /// static func start(_ services: ServiceStart) async throws -> Cache {
  ///   try await Cache.warm(from: services.start(Database.self))
  /// }
  /// ```
  static func start(_ services: ServiceStart) async throws -> Value

  /// Stops the value `start` made, when the environment's services stop: after every service
  /// whose start read this one has stopped. By default, does nothing. Implement
  /// ``stop(_:dependencies:)`` instead when stopping needs the environment's dependencies.
  ///
  /// ```swift
  /// static func stop(_ cache: Cache) async throws { try await cache.flush() }
  /// ```
  static func stop(_ value: Value) async throws

  /// Stops the value `start` made, as ``stop(_:)`` does, reading the dependencies of the
  /// environment being stopped: plain keys (a logger, metrics), and the services this one's
  /// start read, which stop after it (the values are removed from the environment once every
  /// stop ran). By default, calls ``stop(_:)``; this is what the environment calls.
  ///
  /// ```swift
  /// static func stop(_ cache: Cache, dependencies: Dependencies) async throws {
  ///   let flushed = try await cache.flush()
  ///   dependencies.metrics.record("cache.flushed", flushed)
  /// }
  /// ```
  static func stop(_ value: Value, dependencies: Dependencies) async throws
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ServiceKey {
  /// Nothing to stop.
  ///
  /// ```swift
  /// struct Config: ServiceKey { … }  // no `stop`: nothing happens when services stop
  /// ```
  public static func stop(_ value: Value) async throws {}

  /// Calls ``stop(_:)``: what a service that does not read its dependencies to stop gets.
  ///
  /// ```swift
  /// struct Cache: ServiceKey { … static func stop(_ cache: Cache) async throws { … } }
  /// ```
  public static func stop(_ value: Value, dependencies: Dependencies) async throws {
    try await stop(value)
  }

  /// A service has no default: reading it before it started (or after a failed start-up) is
  /// misuse, reported with the key's name and what to call.
  ///
  /// ```swift
  /// let database = AppEnvironment().database  // stops: "Database is a service that is not running…"
  /// ```
  public static var defaultValue: Value {
    fatalError("swift-composable-env: \(notRunningMessage)")
  }

  /// What reading this service when it is not running says: its name, and what to call.
  ///
  /// ```swift
  /// Database.notRunningMessage  // "…Database is a service that is not running…"
  /// ```
  package static var notRunningMessage: String {
    let name = String(describing: Self.self)
    return """
      \(String(reflecting: Self.self)) is a service that is not running (not started, not done \
      starting, or stopped): call `try await environment.startServices(\(name).self, …)` \
      (`Dependencies.startServices` with GlobalEnv) before reading it, or set a value for it \
      (`with(\(name).self, …)`); in another service's start, read it with \
      `try await services.start(\(name).self)`; in tests, give the key a `testValue`.
      """
  }
}
