import Hummingbird

/// The request context: Hummingbird's, plus the request's environment once the environment
/// middleware has made it.
public struct TodoRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The request's environment (set by `EnvironmentMiddleware`).
  public var environment: RequestEnvironment?
  /// The request's id, for the routes without an environment (set by `RequestIDMiddleware`; the
  /// load script's baseline carries it here as a server without the library would).
  public var requestID: String?

  public init(source: Source) {
    coreContext = .init(source: source)
  }

  /// The request's environment; a route behind `EnvironmentMiddleware` always has one.
  var requestEnvironment: RequestEnvironment {
    get throws {
      guard let environment else {
        throw HTTPError(.internalServerError, message: "no request environment")
      }
      return environment
    }
  }
}
