import GlobalEnv
import Testing
import _DependencyTestingSupport

/// Runs `operation` in a new dependency test context, inside a `withValues` scope of its own:
/// reads see the keys' test values where no scope and no process-wide value sets one, and a read
/// of a dependency that has neither fails the test, naming it. For XCTest, or for part of a Swift
/// Testing test.
///
/// ```swift
/// func testFeedLoads() throws {
///   try withDependencyTestContext {
///     try Dependencies.withValues { $0.apiClient = .stub } operation: {
///       XCTAssertEqual(try FeedModel().load(), ["Stubbed post"])
///     }
///   }
/// }
/// ```
///
/// Contexts are task-local: tests running in parallel each have their own, and code outside
/// one (and the process-wide defaults) behaves as without this module. The context's test values
/// are released when it ends.
public func withDependencyTestContext<Result>(_ operation: () throws -> Result) rethrows
  -> Result
{
  try withDependencyContext(.test, operation)
}

/// Runs the asynchronous `operation` in a new dependency test context.
///
/// ```swift
/// func testFeedRefreshes() async throws {
///   try await withDependencyTestContext {
///     try await FeedModel().refresh()
///   }
/// }
/// ```
public func withDependencyTestContext<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async throws -> Result
) async rethrows -> Result {
  try await withDependencyContext(.test, isolation: isolation, operation)
}

/// A Swift Testing trait that runs a test, or every test of a suite, in a dependency test
/// context of its own (one implementation with the other testing product's:
/// `_DependencyTestContextTraitOf`).
///
/// ```swift
/// @Suite(.dependencyTestContext) struct FeedTests { … }
/// ```
public typealias DependencyTestContextTrait = _DependencyTestContextTraitOf<any GlobalEnvironment>

extension Trait where Self == DependencyTestContextTrait {
  /// Runs a test (or every test of a suite) in a dependency test context of its own; combine it
  /// with `.dependencies { … }` to set what the test expects.
  ///
  /// ```swift
  /// @Test(.dependencyTestContext, .dependencies { $0.apiClient = .stub })
  /// func refreshes() async throws { … }
  /// ```
  public static var dependencyTestContext: Self { .dependencyContext(.test) }
}
