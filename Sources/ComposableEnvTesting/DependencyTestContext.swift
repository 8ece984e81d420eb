import ComposableEnv
import Testing
import _DependencyTestingSupport

/// Runs `operation` in a new dependency test context: environments created inside read their
/// keys' test values where no environment sets a value, and a read of a dependency that has
/// neither fails the test, naming it. For XCTest, or for part of a Swift Testing test.
///
/// ```swift
/// func testFeedLoads() throws {
///   try withDependencyTestContext {
///     let feed = AppEnvironment().with(\.apiClient, .stub).feed
///     XCTAssertEqual(try feed.load(), ["Stubbed post"])
///   }
/// }
/// ```
///
/// Contexts are task-local: tests running in parallel each have their own, and code outside
/// one behaves as without this module. An environment belongs to the context it was created in,
/// and environments derived from it to the same.
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
///     try await AppEnvironment().with(\.apiClient, .stub).feed.refresh()
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
public typealias DependencyTestContextTrait = _DependencyTestContextTraitOf<ComposableEnvironment>

extension Trait where Self == DependencyTestContextTrait {
  /// Runs a test (or every test of a suite) in a dependency test context of its own: reading a
  /// dependency that the test did not set and that has no test value fails the test.
  ///
  /// ```swift
  /// @Test(.dependencyTestContext)
  /// func refreshes() async throws { … }
  /// ```
  public static var dependencyTestContext: Self { .dependencyContext(.test) }
}
