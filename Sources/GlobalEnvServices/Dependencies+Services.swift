@_exported import DependencyServices
import DependencyValues
@_exported import GlobalEnv
import _EnvironmentCore

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Dependencies {
  /// Starts the services `keys` name, and every service their starts read, as process-wide
  /// values (inside a `withValues` scope, or in a test, for that scope): a service starts after
  /// the services its start reads, and services that do not read each other start concurrently.
  ///
  /// ```swift
  /// let services = try await Dependencies.startServices(Database.self, Mailer.self)
  /// let database = App().database  // started
  /// try await services.stop()      // Mailer, then Database
  /// ```
  ///
  /// A service with a value set (process-wide or by an enclosing scope: a fake in a test) is not
  /// started. Failures, cancellation, cycles and a second start-up behave as with
  /// `ComposableEnv`'s `startServices(_:)`.
  public static func startServices(_ keys: any ServiceKey.Type...) async throws
    -> RunningServices
  {
    try await startServices(keys)
  }

  /// Starts the services of `keys`, a list made at run time.
  ///
  /// ```swift
  /// let services = try await Dependencies.startServices(enabledFeatures.map(\.serviceKey))
  /// ```
  public static func startServices(_ keys: [any ServiceKey.Type]) async throws -> RunningServices {
    let node = Dependencies.currentNode
    return try await ServiceGraph.start(keys, on: node, environment: node.nameInPath)
  }

  /// Runs `body` in a new `withValues` scope, with `update` applied, and a ``RequestScope`` for
  /// the resources the request owns, released in reverse order when `body` returns, throws or is
  /// cancelled.
  ///
  /// ```swift
  /// try await Dependencies.withRequestScope { $0.requestID = id } operation: { scope in
  ///   let transaction = scope.acquire(try await App().database.begin()) { try await $0.end() }
  ///   try await handle(transaction)
  /// }
  /// ```
  public static func withRequestScope<Result>(
    _ update: (inout Dependencies) throws -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation,
    operation: (RequestScope) async throws -> Result
  ) async throws -> Result {
    try await withValues(update) {
      try await RequestScope.run((), owner: nil) { _, scope in
        try await operation(scope)
      }
    }
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension GlobalEnvironment {
  /// Starts the services `keys` name, as `Dependencies.startServices(_:)` does: the same call as
  /// `ComposableEnv`'s on an environment, so that an app's start-up compiles against either
  /// module.
  ///
  /// ```swift
  /// let services = try await AppEnvironment().startServices(Database.self)
  /// ```
  public func startServices(_ keys: any ServiceKey.Type...) async throws -> RunningServices {
    try await Dependencies.startServices(keys)
  }

  /// Starts the services of `keys`, a list made at run time.
  ///
  /// ```swift
  /// let services = try await app.startServices(enabledFeatures.map(\.serviceKey))
  /// ```
  public func startServices(_ keys: [any ServiceKey.Type]) async throws -> RunningServices {
    try await Dependencies.startServices(keys)
  }

  /// Starts every service this environment declares: those of its `@Dependency(Key.self)`
  /// properties, of the environments its `@DerivedEnvironment` properties derive (made now if
  /// they were not yet) to a depth of 32, and every service their starts read.
  ///
  /// ```swift
  /// struct AppEnvironment: GlobalEnvironment {
  ///   @Dependency(Database.self) var database
  ///   @DerivedEnvironment<MailEnvironment> var mail  // declares `@Dependency(Mailer.self)`
  /// }
  /// let services = try await AppEnvironment().startServices()  // Database and Mailer
  /// ```
  ///
  /// A property that reads a service through a `Dependencies` key path (`@Dependency(\.database)`)
  /// is not found this way (finding its key would read it): name its key instead.
  ///
  /// Finding them reads the environments' stored properties and makes the derived environments
  /// not made yet, on the caller's actor (as a first read of those properties would).
  public func startServices(
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> RunningServices {
    try await Dependencies.startServices(ServiceDiscovery.keys(declaredBy: self))
  }
}

extension Dependency: DeclaredDependency {
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  package var declaredServiceKey: (any ServiceKey.Type)? { source.serviceKey }
}

extension DerivedEnvironment: DeclaredEnvironment {
  package var declaredEnvironmentType: Any.Type { Environment.self }

  package func declaredEnvironment(in parent: Any) -> Any? { wrappedValue }
}
