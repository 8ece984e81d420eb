/// Endpoints that fail the test that calls them: the building block of a dependency's
/// ``DependencyKey/testValue``.
///
/// For the common client made of closures, give every endpoint an unimplemented closure; a test
/// then sets just the endpoints it expects to be called, and any other call fails that test,
/// naming the endpoint:
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetch: @Sendable (Int) async throws -> String
///   var count: @Sendable () -> Int
///   var log: @Sendable (String) -> Void
/// }
///
/// extension APIClient {
///   static let failing = APIClient(
///     fetch: unimplemented("APIClient.fetch"),          // throws UnimplementedEndpoint
///     count: unimplemented("APIClient.count", placeholder: 0),
///     log: unimplemented("APIClient.log")
///   )
/// }
/// ```
///
/// The closure takes any number of arguments of any types. A call records a test failure (through
/// the testing module that is loaded; without one, it writes the failure to standard error)
/// attributed to where the closure was made, then returns the placeholder, returns nothing for a
/// `Void` endpoint, or throws ``UnimplementedEndpoint`` for a throwing one. The closures are
/// synchronous, and Swift converts them where an `async` endpoint is expected (`fetch` above).
///
/// The name is any string (`Endpoint: StringProtocol`), so that in a file that also imports
/// IssueReporting (which swift-dependencies re-exports, and whose `unimplemented` has the same
/// shape and behaviour), a call picks IssueReporting's, the more specific, instead of being
/// ambiguous.
///
/// Every overload takes, after the name, `fileID`, `filePath`, `function`, `line` and `column`
/// in swift-dependencies' (IssueReporting's) order: where the endpoint was made, which the
/// failure is recorded at (`function` names an endpoint made without a name). Leave them to
/// their defaults, or pass a caller's, as a helper that makes endpoints does:
///
/// ```swift
/// func failing(_ name: String, function: StaticString = #function, line: UInt = #line)
///   -> @Sendable () -> Int
/// {
///   unimplemented(name, placeholder: 0, function: function, line: line)
/// }
/// ```
public func unimplemented<each Argument, Result, Endpoint: StringProtocol>(
  _ endpoint: Endpoint = String(), placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let site = UnimplementedSite(String(endpoint), fileID, filePath, function, line, column)
  return { (argument: repeat each Argument) in
    site.reportCall(with: repeat each argument)
    return placeholder()
  }
}

/// An unimplemented throwing endpoint: fails the test, then throws ``UnimplementedEndpoint``.
///
/// ```swift
/// let save: @Sendable (Draft) throws -> Void = unimplemented("Drafts.save")
/// ```
public func unimplemented<each Argument, Result, Endpoint: StringProtocol>(
  _ endpoint: Endpoint = String(),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  let site = UnimplementedSite(String(endpoint), fileID, filePath, function, line, column)
  return { (argument: repeat each Argument) in
    site.reportCall(with: repeat each argument)
    throw UnimplementedEndpoint(endpoint: site.endpoint)
  }
}

/// An unimplemented endpoint that returns nothing: fails the test, then returns.
///
/// ```swift
/// let log: @Sendable (String) -> Void = unimplemented("Logger.log")
/// ```
///
/// (Disfavored, so that a throwing `Void` endpoint gets the overload that throws.)
@_disfavoredOverload
public func unimplemented<each Argument, Endpoint: StringProtocol>(
  _ endpoint: Endpoint = String(),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
  let site = UnimplementedSite(String(endpoint), fileID, filePath, function, line, column)
  return { (argument: repeat each Argument) in
    site.reportCall(with: repeat each argument)
  }
}

/// An unimplemented throwing endpoint with a typed error: fails the test, then throws `failure`.
///
/// ```swift
/// let load: @Sendable (Int) throws(LoadError) -> Data = unimplemented(
///   "Loader.load", throwing: LoadError.unavailable)
/// ```
public func unimplemented<each Argument, Failure: Error, Result, Endpoint: StringProtocol>(
  _ endpoint: Endpoint = String(), throwing failure: @autoclosure @escaping @Sendable () -> Failure,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) throws(Failure) -> Result {
  let site = UnimplementedSite(String(endpoint), fileID, filePath, function, line, column)
  return { (argument: repeat each Argument) throws(Failure) in
    site.reportCall(with: repeat each argument)
    throw failure()
  }
}

/// An unimplemented value, not an endpoint: fails the test when evaluated, then gives
/// `placeholder`. For a test value that no test is meant to read.
///
/// ```swift
/// static var testValue: Configuration {
///   unimplemented("Configuration.testValue", placeholder: .empty)
/// }
/// ```
///
/// (Disfavored, so that where a closure is expected the endpoint overloads are chosen.)
@_disfavoredOverload
public func unimplemented<Result, Endpoint: StringProtocol>(
  _ endpoint: Endpoint = String(), placeholder: @autoclosure () -> Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function, line: UInt = #line, column: UInt = #column
) -> Result {
  let site = UnimplementedSite(String(endpoint), fileID, filePath, function, line, column)
  TestFailureReporting.record(
    """
    Unimplemented: \(site.name) was evaluated. The dependency's value in this test is a \
    placeholder: set the dependency for this test, or declare a test value that implements it.
    """,
    at: site.location)
  return placeholder()
}

/// The error an unimplemented throwing endpoint throws after failing the test.
///
/// ```swift
/// do {
///   _ = try await client.fetch(1)
/// } catch let error as UnimplementedEndpoint {
///   print(error.endpoint)  // "APIClient.fetch"
/// }
/// ```
///
/// IssueReporting's name for it, ``UnimplementedFailure``, names the same type, so code written
/// for swift-dependencies that catches `UnimplementedFailure` catches what these endpoints throw.
public struct UnimplementedEndpoint: Error, CustomStringConvertible, Equatable, Sendable {
  /// The endpoint's name, as given to `unimplemented(_:)`.
  public let endpoint: String

  /// The description given to ``init(description:)``, if the error was made with one.
  private let givenDescription: String?

  /// Makes the error for `endpoint`.
  ///
  /// ```swift
  /// throw UnimplementedEndpoint(endpoint: "APIClient.fetch")
  /// ```
  public init(endpoint: String) {
    self.endpoint = endpoint
    givenDescription = nil
  }

  /// Makes the error with the description `description`, as IssueReporting's
  /// `UnimplementedFailure(description:)` does; its ``endpoint`` is that description too.
  ///
  /// ```swift
  /// throw UnimplementedFailure(description: "APIClient.fetch")
  /// ```
  public init(description: String) {
    endpoint = description
    givenDescription = description
  }

  /// Says which endpoint was called (or, for an error made with ``init(description:)``, that
  /// description).
  ///
  /// ```swift
  /// print(UnimplementedEndpoint(endpoint: "APIClient.fetch"))
  /// // APIClient.fetch is unimplemented
  /// ```
  public var description: String { givenDescription ?? "\(endpoint) is unimplemented" }
}

/// IssueReporting's (swift-dependencies') name for the error an unimplemented throwing endpoint
/// throws: the same type as ``UnimplementedEndpoint``.
///
/// ```swift
/// do {
///   _ = try await client.fetch(1)
/// } catch let error as UnimplementedFailure {
///   print(error.endpoint)  // "APIClient.fetch"
/// }
/// ```
public typealias UnimplementedFailure = UnimplementedEndpoint

/// Where an unimplemented endpoint was made, and its name: what a call reports.
private struct UnimplementedSite: Sendable {
  let endpoint: String
  let location: TestFailureLocation

  /// The function the endpoint was made in (`#function`), which names an endpoint without a name.
  let function: StaticString

  init(
    _ endpoint: String, _ fileID: StaticString, _ filePath: StaticString,
    _ function: StaticString, _ line: UInt, _ column: UInt
  ) {
    self.endpoint = endpoint
    self.function = function
    location = TestFailureLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }

  /// The endpoint's name; one made without a name is named by where it was made.
  var name: String {
    endpoint.isEmpty
      ? "the endpoint made at \(location.fileID):\(location.line), in \(function)" : endpoint
  }

  /// Records the failure of a call with `argument`s.
  func reportCall<each Argument>(with argument: repeat each Argument) {
    var rendered: [String] = []
    for value in repeat each argument { rendered.append(String(reflecting: value)) }
    let arguments = rendered.isEmpty ? "" : " with (\(rendered.joined(separator: ", ")))"
    TestFailureReporting.record(
      """
      Unimplemented: \(name) was called\(arguments). The dependency's value in this test \
      leaves this endpoint unimplemented: set the endpoint for this test (for example \
      `client.\(endpoint.split(separator: ".").last ?? "endpoint") = { … }`), or use a value \
      that implements it.
      """,
      at: location)
  }
}
