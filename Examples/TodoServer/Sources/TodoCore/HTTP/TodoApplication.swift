import Foundation
import ComposableEnv
import Hummingbird
import Logging

/// The server's routes, given the app's environment.
///
/// - `GET /ping/context`: the load script's baseline, the same work as `GET /ping/env` without an
///   environment: behind `RequestIDMiddleware`, which handles the request id as
///   `EnvironmentMiddleware` does but carries it in the request context, as a server without the
///   library would; reads the id from the context and the time from the live clock.
/// - `GET /ping`: "pong", behind `RequestIDMiddleware` (a health check; the load script reports
///   it for reference).
/// - `GET /ping/env`: behind `EnvironmentMiddleware`, reading the request's id and the time from
///   its environment.
/// - `/todos…`: the API, behind `EnvironmentMiddleware` and `AuthMiddleware`.
public func buildRouter(app: AppEnvironment, tally: RequestTally? = nil)
  -> Router<TodoRequestContext>
{
  let router = Router(context: TodoRequestContext.self)
  if let tally { router.add(middleware: TallyMiddleware(tally: tally)) }
  let withRequestID = router.group().add(middleware: RequestIDMiddleware())
  withRequestID.get("ping") { _, _ in "pong" }
  let now = DependencyKeys.Now.defaultValue
  withRequestID.get("ping/context") { _, context in
    let requestID = context.requestID ?? ""
    return requestID.isEmpty || now().timeIntervalSince1970 < 0 ? "?" : "pong"
  }
  let withEnvironment = router.group().add(middleware: EnvironmentMiddleware(app: app))
  withEnvironment.get("ping/env") { _, context in
    let environment = try context.requestEnvironment
    return environment.requestID.isEmpty || environment.now().timeIntervalSince1970 < 0
      ? "?" : "pong"
  }
  TodoRoutes.add(to: withEnvironment.group("todos").add(middleware: AuthMiddleware()))
  return router
}

/// The server: the routes on `host`:`port`, logging with the app's logger.
public func buildApplication(
  app: AppEnvironment, host: String = "127.0.0.1", port: Int = 8080, tally: RequestTally? = nil
) -> some ApplicationProtocol {
  Application(
    router: buildRouter(app: app, tally: tally),
    configuration: .init(address: .hostname(host, port: port), serverName: "TodoServer"),
    logger: app.logger
  )
}

/// The baseline's stand-in for `EnvironmentMiddleware`: the same request-id handling (the client's
/// `X-Request-ID` or a new one, carried to the handler and echoed in the response), with the id in
/// the request context instead of an environment.
struct RequestIDMiddleware: RouterMiddleware {
  typealias Context = TodoRequestContext

  /// The live request-id generator, called directly.
  let makeRequestID = DependencyKeys.MakeRequestID.defaultValue

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let requestID = request.headers[.requestID] ?? makeRequestID()
    var context = context
    context.requestID = requestID
    var response = try await next(request, context)
    response.headers[.requestID] = requestID
    return response
  }
}

/// Counts the requests the server answered: `Scripts/shutdown-load` compares it with what the
/// load generator received, to show that a graceful shutdown loses no request it accepted.
///
/// `@unchecked Sendable`: `count` is only touched under `lock`.
public final class RequestTally: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  public init() {}

  /// The requests answered so far.
  public var answered: Int { lock.withLock { count } }

  func add() { lock.withLock { count += 1 } }
}

/// Counts each request once its response is made.
struct TallyMiddleware: RouterMiddleware {
  typealias Context = TodoRequestContext

  let tally: RequestTally

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let response = try await next(request, context)
    tally.add()
    return response
  }
}
