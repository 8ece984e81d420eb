import ComposableEnvServices
import ServiceLifecycle

/// The app environment's services as one ServiceLifecycle service: they run until graceful
/// shutdown (or cancellation), then stop in reverse order. Listed before the HTTP server in a
/// `ServiceGroup`, they stop after it has drained its requests.
public struct AppServices: Service {
  let services: RunningServices

  public init(_ services: RunningServices) { self.services = services }

  public func run() async throws {
    try await services.run(until: { try await gracefulShutdown() })
  }
}

/// Every service of the server, started on `app`: the database and the tokens.
public func startServices(of app: AppEnvironment) async throws -> RunningServices {
  try await app.startServices(DependencyKeys.Database.self, DependencyKeys.Tokens.self)
}
