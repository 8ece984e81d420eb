import HTTPTypes
import Hummingbird

/// Authenticates the request with its bearer token, and sets the user on its environment; a
/// request without a known token gets 401.
struct AuthMiddleware: RouterMiddleware {
  typealias Context = TodoRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let environment = try context.requestEnvironment
    guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
      throw HTTPError(
        .unauthorized, headers: [.wwwAuthenticate: "Bearer"],
        message: "missing bearer token: send `Authorization: Bearer <token>`")
    }
    guard let user = environment.tokens[String(header.dropFirst("Bearer ".count))] else {
      throw HTTPError(
        .unauthorized, headers: [.wwwAuthenticate: "Bearer"], message: "unknown token")
    }
    environment.with(\.currentUser, user)
    return try await next(request, context)
  }
}
