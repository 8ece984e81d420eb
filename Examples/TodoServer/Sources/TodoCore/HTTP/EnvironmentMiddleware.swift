import HTTPTypes
import Hummingbird
import Logging

/// Makes each request's environment: an uncached child of the app's, carrying the request id
/// (the client's `X-Request-ID`, or a new one), whose logger has it as metadata. The environment
/// is released when the request ends.
struct EnvironmentMiddleware: RouterMiddleware {
  typealias Context = TodoRequestContext

  let app: AppEnvironment

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let requestID = request.headers[.requestID] ?? app.makeRequestID()
    let environment = app.makeChild(RequestEnvironment.self).with(\.requestID, requestID)
    var context = context
    context.environment = environment
    var response = try await next(request, context)
    response.headers[.requestID] = requestID
    return response
  }
}

extension HTTPField.Name {
  /// `X-Request-ID`.
  static let requestID = Self("X-Request-ID")!
}
