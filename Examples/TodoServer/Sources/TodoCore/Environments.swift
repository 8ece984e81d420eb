import ComposableEnv
import Foundation
import Logging

/// The process's environment: made once at start-up, holding the live dependencies.
///
/// `@unchecked Sendable`: its only state is the library's, which is thread-safe.
public final class AppEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.logger) public var logger
  @Dependency(\.makeRequestID) var makeRequestID
}

/// One request's environment: a short-lived child of the AppEnvironment (`makeChild`), released
/// with the request. Route handlers read only from it.
///
/// `@unchecked Sendable`: as `AppEnvironment`.
public final class RequestEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.database) var database
  @Dependency(\.now) var now
  @Dependency(\.makeUUID) var makeUUID
  @Dependency(\.logger) var serverLogger
  @Dependency(\.requestID) var requestID
  @Dependency(\.currentUser) var currentUser
  @Dependency(\.tokens) var tokens

  /// The server's logger with this request's id as metadata. Made when a handler logs rather
  /// than for every request: setting metadata makes a log handler render it again.
  var logger: Logger {
    var logger = serverLogger
    logger[metadataKey: "request-id"] = "\(requestID)"
    return logger
  }
}
