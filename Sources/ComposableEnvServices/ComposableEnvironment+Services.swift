@_exported import ComposableEnv
@_exported import DependencyServices
import DependencyValues
import _EnvironmentCore

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ComposableEnvironment {
  /// Starts the services `keys` name, and every service their starts read, for this
  /// environment and its descendants: a service starts after the services its start reads, and
  /// services that do not read each other start concurrently. Their values are then set on this
  /// environment, read like any dependency.
  ///
  /// ```swift
  /// let app = AppEnvironment()
  /// let services = try await app.startServices(Database.self, Mailer.self)
  /// let database = app.database  // started
  /// try await services.stop()    // Mailer, then Database
  /// ```
  ///
  /// A service with a value set on this environment or an ancestor (a fake in a test) is not
  /// started: its start is never called and that value is what other starts read. When a start
  /// throws or start-up is cancelled, the services already started are stopped in reverse order
  /// and ``ServiceStartError`` names the key and the chain of starts that led to it (a cancelled
  /// start-up always throws it, with `CancellationError` as its `underlying`), and its `services`
  /// gives their states; starts that need each other throw ``ServiceCycleError``. Starting again
  /// before the services stopped throws ``ServiceMisuseError``.
  public func startServices(_ keys: any ServiceKey.Type...) async throws -> RunningServices {
    try await startServices(keys)
  }

  /// Starts every service this environment declares, as `startServices(_:)` does for the
  /// services named: those of its `@Dependency(Key.self)` properties, of the environments its
  /// `@DerivedEnvironment` properties derive (made now if they were not yet) to a depth of 32,
  /// and every service their starts read.
  ///
  /// ```swift
  /// final class AppEnvironment: ComposableEnvironment, @unchecked Sendable {
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
  /// not made yet, on the caller's actor (as a first read of those properties would). A service
  /// that a derived environment declares and sets itself (`MailEnvironment().with(Mailer.self,
  /// fake)`) is not started: that environment reads its own value.
  public func startServices(
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> RunningServices {
    let keys = ServiceDiscovery.keys(declaredBy: self) { environment, key in
      (environment as? ComposableEnvironment)?.node.hasValueSet(for: KeyInfo(existential: key))
        ?? false
    }
    // Not `startServices(keys)`: that call would send `self` off this actor, and an environment
    // need not be `Sendable`; the node is.
    return try await ServiceGraph.start(keys, on: node, environment: node.environmentName)
  }

  /// Starts the services of `keys`, a list made at run time, as the variadic form does.
  ///
  /// ```swift
  /// let services = try await app.startServices(enabledFeatures.map(\.serviceKey))
  /// ```
  public func startServices(_ keys: [any ServiceKey.Type]) async throws -> RunningServices {
    try await ServiceGraph.start(keys, on: node, environment: node.environmentName)
  }

  /// Runs `body` with a new child of this environment (see ``makeChild(_:)``) and a
  /// ``RequestScope`` for the resources it owns, released in reverse order when `body` returns,
  /// throws or is cancelled.
  ///
  /// ```swift
  /// try await app.withChild(RequestEnvironment.self) { request, scope in
  ///   let transaction = scope.acquire(try await app.database.begin()) { try await $0.end() }
  ///   try await handle(request.with(\.transaction, transaction))
  /// }
  /// ```
  public func withChild<Child: ComposableEnvironment, Result>(
    _ type: Child.Type,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Child, RequestScope) async throws -> Result
  ) async throws -> Result {
    try await RequestScope.run(makeChild(type), owner: type, body)
  }
}

extension ComposableEnvironment.Dependency: DeclaredDependency {
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  package var declaredServiceKey: (any ServiceKey.Type)? { source.serviceKey }
}

extension ComposableEnvironment.DerivedEnvironment: DeclaredEnvironment
where Environment: ComposableEnvironment {
  package var declaredEnvironmentType: Any.Type { Environment.self }

  package func declaredEnvironment(in parent: Any) -> Any? {
    (parent as? ComposableEnvironment).map { child(of: $0) }
  }
}
