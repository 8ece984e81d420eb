import ComposableEnv
import Hummingbird
import Logging

/// The server's routes, given the app's environment.
///
/// - `GET /ping`: no environment (the load script's baseline), behind a middleware that handles
///   the request id as `EnvironmentMiddleware` does, so that the two routes differ by the
///   environment alone.
/// - `GET /ping/env`: behind `EnvironmentMiddleware`, reading the request's id and the time from
///   its environment.
/// - `/todos…`: the API, behind `EnvironmentMiddleware` and `AuthMiddleware`.
public func buildRouter(app: AppEnvironment) -> Router<TodoRequestContext> {
  let router = Router(context: TodoRequestContext.self)
  router.group().add(middleware: PassThroughMiddleware()).get("ping") { _, _ in "pong" }
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
public func buildApplication(app: AppEnvironment, host: String = "127.0.0.1", port: Int = 8080)
  -> some ApplicationProtocol
{
  Application(
    router: buildRouter(app: app),
    configuration: .init(address: .hostname(host, port: port), serverName: "TodoServer"),
    logger: app.logger
  )
}

/// The baseline's stand-in for `EnvironmentMiddleware`: the same request-id handling (the client's
/// `X-Request-ID` or a new one, echoed in the response), with no environment.
struct PassThroughMiddleware: RouterMiddleware {
  typealias Context = TodoRequestContext

  /// The live request-id generator, called directly.
  let makeRequestID = DependencyKeys.MakeRequestID.defaultValue

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let requestID = request.headers[.requestID] ?? makeRequestID()
    var response = try await next(request, context)
    response.headers[.requestID] = requestID
    return response
  }
}
