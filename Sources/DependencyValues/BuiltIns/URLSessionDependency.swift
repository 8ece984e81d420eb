// URLSession is in Foundation on Apple platforms, and in FoundationNetworking (which links
// libcurl) elsewhere: this file is the only one of the module that imports either, and only with
// the package's `URLSession` trait (on by default; `traits: []` leaves the built-in out).
#if URLSession && canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking
#elseif URLSession && canImport(Darwin)
  import Foundation
#endif

#if URLSession && (canImport(FoundationNetworking) || canImport(Darwin))
  /// The key of `Dependencies.urlSession`: the shared session; in a test context, a session whose
  /// every request fails the test.
  private enum URLSessionKey: BuiltInDependencyKey {
    static var defaultValue: URLSession { .shared }

    static var testValue: URLSession {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.protocolClasses = [UnimplementedURLProtocol.self]
      return URLSession(configuration: configuration)
    }
  }

  /// Answers every request of the test session by failing the test and the request: a test that
  /// reaches the network without setting `urlSession` is told so.
  ///
  /// The failure is recorded in `canInit(with:)`, which the session calls when the request's task
  /// is made (in FoundationNetworking, in the caller's task), so that the failure is the calling
  /// test's; `startLoading` runs on the session's queue, where no test is current.
  private final class UnimplementedURLProtocol: URLProtocol {
    static let message = """
      Unimplemented: \\Dependencies.urlSession was used in a test without being set: set it for \
      the test (a session whose protocol classes answer with canned responses), or move the \
      request behind a dependency of your own.
      """

    override class func canInit(with request: URLRequest) -> Bool {
      TestFailureReporting.record(Self.message, at: nil)
      return true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
      client?.urlProtocol(self, didFailWithError: URLError(.notConnectedToInternet))
    }

    override func stopLoading() {}
  }

  extension Dependencies {
    /// The session to make network requests with: `URLSession.shared` unless a test or an
    /// environment sets it. In a test context it is a session whose every request fails the test
    /// (and the request), as in swift-dependencies.
    ///
    /// ```swift
    /// @Dependency(\.urlSession) var urlSession
    /// let (data, _) = try await urlSession.data(from: url)
    /// ```
    ///
    /// Disfavored, so that a `urlSession` you declare on `Dependencies` yourself is the one your
    /// code reads, in any module.
    @_disfavoredOverload
    public var urlSession: URLSession {
      get { self[URLSessionKey.self] }
      set { self[URLSessionKey.self] = newValue }
    }
  }
#endif
