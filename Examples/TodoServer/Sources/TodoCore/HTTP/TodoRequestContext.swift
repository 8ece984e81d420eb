import Hummingbird

/// The request context: Hummingbird's, plus the request's environment once the environment
/// middleware has made it.
public struct TodoRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The request's environment (set by `EnvironmentMiddleware`).
  public var environment: RequestEnvironment?

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
