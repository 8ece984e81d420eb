import DependencyValues
import _EnvironmentCore

/// What a service's `start` gets: the dependencies of the environment being started, and the
/// other services, started on demand.
///
/// ```swift
/// static func start(_ services: ServiceStart) async throws -> Mailer {
///   let settings = services.dependencies.mailSettings       // a plain dependency
///   let queue = try await services.start(JobQueue.self)     // another service, started first
///   return Mailer(settings: settings, queue: queue)
/// }
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct ServiceStart: Sendable {
  /// The environment's dependencies, read synchronously: plain keys, and services already
  /// started or set. Read other services with ``start(_:)``.
  ///
  /// ```swift
  /// let url = services.dependencies.databaseURL
  /// ```
  public let dependencies: Dependencies

  /// Starts the other services on demand.
  let graph: ServiceGraph
  /// The service being started, whose start reads the others (an edge of the graph each).
  let requester: ObjectIdentifier

  /// The value of the service `key`, once started: starts it first if nothing has (and waits
  /// for it if another start is starting it), or reads the value set for it. The service being
  /// started now stops after it. A start that needs itself, directly or through others, throws
  /// ``ServiceCycleError`` naming the keys of the cycle.
  ///
  /// ```swift
  /// let database = try await services.start(Database.self)
  /// ```
  public func start<Key: ServiceKey>(_ key: Key.Type) async throws -> Key.Value {
    try await graph.value(of: key, requestedBy: requester)
  }
}
