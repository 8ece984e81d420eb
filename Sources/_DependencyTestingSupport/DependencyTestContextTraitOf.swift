import DependencyValues
import Testing
import _EnvironmentCore

/// A Swift Testing trait that runs a test, or every test of a suite, in a dependency test
/// context of its own: environments created in the test read their keys' test values where no
/// environment sets a value, and reading a dependency that has neither fails the test, naming it.
///
/// ```swift
/// @Suite(.dependencyTestContext) struct FeedTests {
///   @Test func loads() throws {
///     let feed = AppEnvironment().with(\.apiClient, .stub).feed
///     #expect(try feed.load() == ["Stubbed post"])
///   }
/// }
/// ```
///
/// One implementation for both testing products, which name it `DependencyTestContextTrait`
/// (`Module` tells the two apart, so that each product's factories are its own) and make it
/// (`.dependencyTestContext`, and `.dependencyContext(_:)` for a test that reads live or preview
/// values instead), each entering the context its module's way.
public struct _DependencyTestContextTraitOf<Module>: TestTrait, SuiteTrait, TestScoping {
  /// Runs an operation in a new context, the module's way.
  private let enter: @Sendable (TestContext, @Sendable () async throws -> Void) async throws -> Void
  /// What the context's defaults are: test values (strict), preview values or live values.
  private let context: DependencyContext

  package init(
    _ context: DependencyContext = .test,
    enter:
      @escaping @Sendable (TestContext, @Sendable () async throws -> Void) async throws
      -> Void
  ) {
    self.context = context
    self.enter = enter
  }

  /// Applied to each test of a suite, so that every test gets a context of its own.
  ///
  /// ```swift
  /// @Suite(.dependencyTestContext) struct ClockTests { … }  // one context per test
  /// ```
  public var isRecursive: Bool { true }

  /// Runs `function` in a new dependency test context. Called by Swift Testing for each test the
  /// trait applies to:
  ///
  /// ```swift
  /// @Test(.dependencyTestContext) func loads() { … }  // runs in its own context
  /// ```
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withNewTestContext(context) { try await enter($0, function) }
  }
}

/// Runs `body` with a new context of `kind` (by default a strict test context), for it to enter
/// its module's way: the test reporter is installed first, and the context is closed when `body`
/// returns, so that failures raised for the test off its task are recorded in its scope. What
/// both modules' `withDependencyTestContext`, `withDependencyContext` and their traits do around
/// entering the context.
///
/// ```swift
/// try withNewTestContext { try TestContext.$current.withValue($0, operation: operation) }
/// ```
package func withNewTestContext<Result>(
  _ kind: DependencyContext = .test, _ body: (TestContext) throws -> Result
) rethrows -> Result {
  installTestReporter()
  // A test trait's values (ComposableEnvTesting's `.dependency`) stay in force inside.
  let context = TestContext(for: kind, values: TestContext.current?.values ?? [])
  defer { context.close() }
  return try body(context)
}

/// Runs the asynchronous `body` with a new test context, as the synchronous form does.
///
/// ```swift
/// try await withNewTestContext { try await enter($0, function) }
/// ```
package func withNewTestContext<Result>(
  _ kind: DependencyContext = .test,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (TestContext) async throws -> Result
) async rethrows -> Result {
  installTestReporter()
  // A test trait's values (ComposableEnvTesting's `.dependency`) stay in force inside.
  let context = TestContext(for: kind, values: TestContext.current?.values ?? [])
  defer { context.close() }
  return try await body(context)
}
