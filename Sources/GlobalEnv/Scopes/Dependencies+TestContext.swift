import DependencyValues
import _EnvironmentCore

extension Dependencies {
  /// Runs `operation` in a new test context (for `GlobalEnvTesting`): inside a scope of its own,
  /// whose defaults are test values and whose reads of dependencies without a test value fail the
  /// test. The context's defaults are forgotten when the scope ends. It is made on the current
  /// scope, or on the test's own scope if the test set values process-wide before (see
  /// `RunningTestScopes`), whose values it then sees.
  package static func withTestContext<Result>(
    _ context: TestContext, operation: () throws -> Result
  ) rethrows -> Result {
    try TestContext.$current.withValue(context) {
      try GlobalDependencies.Scope.$current.withValue(
        testScope(owning: context), operation: operation)
    }
  }

  /// Runs the asynchronous `operation` in a new test context (for `GlobalEnvTesting`).
  package static func withTestContext<Result>(
    _ context: TestContext, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await TestContext.$current.withValue(context) {
      try await GlobalDependencies.Scope.$current.withValue(
        testScope(owning: context), operation: operation)
    }
  }

  /// The scope a new test context runs in: on the current scope, or the test's own.
  private static func testScope(owning context: TestContext) -> GlobalDependencies.Scope {
    GlobalDependencies.makeScope(
      on: GlobalDependencies.Scope.current
        ?? GlobalDependencies.RunningTestScopes.current(making: false),
      owning: context, { _ in })
  }
}
