import GlobalEnv
import Testing
import _DependencyTestingSupport
import _EnvironmentCore

/// Runs `operation` in a context of the given kind instead of the test process's strict one:
/// dependencies read inside see their keys' live values (`.live`), preview values
/// (`.preview`), or test values, strictly (`.test`, as ``withDependencyTestContext(_:)``).
///
/// ```swift
/// func testTheLiveDefaultsAreConsistent() {
///   withDependencyContext(.live) {
///     XCTAssertEqual(FeedModel().context, .live)
///   }
/// }
/// ```
///
/// A process that runs tests is strict by default: this is how one test opts out. Contexts are
/// task-local, as test contexts are.
public func withDependencyContext<Result>(
  _ context: DependencyContext, _ operation: () throws -> Result
) rethrows -> Result {
  try withNewTestContext(context) { try Dependencies.withTestContext($0, operation: operation) }
}

/// Runs the asynchronous `operation` in a context of the given kind.
///
/// ```swift
/// func testTheLiveClientLoads() async throws {
///   try await withDependencyContext(.live) {
///     _ = try await FeedModel().apiClient.load()
///   }
/// }
/// ```
public func withDependencyContext<Result>(
  _ context: DependencyContext,
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async throws -> Result
) async rethrows -> Result {
  try await withNewTestContext(context) {
    try await Dependencies.withTestContext($0, operation: operation)
  }
}

extension Trait where Self == DependencyTestContextTrait {
  /// Runs a test (or every test of a suite) in a context of the given kind, of its own: `.live`
  /// for a test of live values in a process that is otherwise strict, `.preview` for preview
  /// values, `.test` as ``dependencyTestContext``.
  ///
  /// ```swift
  /// @Suite(.dependencyContext(.live))
  /// struct LiveDefaultsTests { … }
  /// ```
  public static func dependencyContext(_ context: DependencyContext) -> Self {
    DependencyTestContextTrait(context) { context, operation in
      try await Dependencies.withTestRun {
        try await Dependencies.withTestContext(context, operation: operation)
      }
    }
  }
}
