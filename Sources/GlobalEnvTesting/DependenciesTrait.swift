import GlobalEnv
import Testing
import _DependencyTestingSupport
import _EnvironmentCore

/// A Swift Testing trait that runs a test (or every test of a suite) inside a `withDependencies`
/// scope, so that tests running in parallel each see their own overrides.
///
/// ```swift
/// @Test(.dependencies { $0.apiClient = .stub })
/// func loadsTitles() {
///   #expect(FeedModel().loadTitles() == ["Stubbed post"])
/// }
/// ```
///
/// As with swift-dependencies, the outermost such trait of a test also gives the test (each case
/// of a parameterized one) fresh values of its own: a new test context, whose test values are
/// computed for it alone and whose `prepareDependencies` reaches no other test. Inner ones (a
/// test's under its suite's) add their overrides on top. (One implementation with
/// ComposableEnvTesting's: `_DependenciesTraitOf`.)
public typealias DependenciesTrait = _DependenciesTraitOf<any GlobalEnvironment>

/// Runs a test inside a scope with the trait's overrides: on a new test context of its own when
/// no trait or function entered one yet and the process is strict (a process that runs tests,
/// unless `SWIFT_COMPOSABLE_ENV_CONTEXT` says otherwise). What the test sets process-wide
/// (`prepare`, `reset`) is its own for this run, and released when it ends.
@Sendable private func runTest(
  overriding update: @escaping DependenciesTrait.Update,
  _ function: @Sendable () async throws -> Void
) async throws {
  // The test's own scope, under the trait's, is this run's: it ends with it. (`withDependencies`
  // runs the update as code that sets values.)
  guard TestContext.current == nil, TestContext.processWide?.defaults == .testValues else {
    return try await Dependencies.withTestRun {
      try await withDependencies(update) { try await function() }
    }
  }
  try await withNewTestContext { context in
    try await Dependencies.withTestContext(context) {
      try await Dependencies.withTestRun {
        try await withDependencies(update) { try await function() }
      }
    }
  }
}

extension Trait where Self == DependenciesTrait {
  /// Gives a test (or each test of a suite) a context of its own, with no value set:
  /// swift-dependencies' base-suite trait.
  ///
  /// ```swift
  /// @Suite(.dependencies) struct BaseSuite {}
  /// extension BaseSuite { @Suite struct FeedTests { … } }
  /// ```
  public static var dependencies: Self { DependenciesTrait({ _ in }, run: runTest) }

  /// Sets dependencies for a test (or every test of a suite). Reads made by `update` are part of
  /// setting values: a `$0.apiClient.fetch = …` that reads an `apiClient` without a test value is
  /// not reported.
  ///
  /// ```swift
  /// @Test(.dependencies {
  ///   $0.apiClient = .stub
  ///   $0.mainQueue = .immediate
  /// })
  /// func refreshes() async { … }
  /// ```
  public static func dependencies(_ update: @escaping @Sendable (inout Dependencies) throws -> Void)
    -> Self
  { DependenciesTrait(update, run: runTest) }

  /// Sets dependencies for a test (or every test of a suite) with an update that may suspend.
  ///
  /// ```swift
  /// @Test(.dependencies { $0.database = try await .temporary() })
  /// func savesDrafts() async throws { … }
  /// ```
  public static func dependencies(
    _ update: @escaping @Sendable (inout Dependencies) async throws -> Void
  ) -> Self { DependenciesTrait(update, run: runTest) }

  /// Sets one dependency for a test (or every test of a suite), by its key path. `value` is
  /// computed for each test the trait applies to, when it starts.
  ///
  /// ```swift
  /// @Test(.dependency(\.continuousClock, ImmediateClock()))
  /// func debounces() async { … }
  /// ```
  public static func dependency<Value>(
    _ keyPath: any WritableKeyPath<Dependencies, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self { DependenciesTrait(keyPath, value, run: runTest) }

  /// Sets the dependency whose key is `value`'s own type, for a test (or every test of a suite).
  ///
  /// ```swift
  /// extension APIClient: TestDependencyKey { static let testValue = APIClient.failing }
  ///
  /// @Test(.dependency(APIClient.stub))
  /// func loadsTitles() { … }
  /// ```
  public static func dependency<Value: TestDependencyKey>(
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self where Value == Value.Value { DependenciesTrait(value, run: runTest) }
}

/// swift-dependencies' name for the type of the `.dependencies` and `.dependency` traits: the same
/// type as ``DependenciesTrait``, so code that names it compiles unchanged.
///
/// ```swift
/// let stubbed: _DependenciesTrait = .dependency(\.apiClient, .stub)
/// @Test(stubbed) func loadsTitles() { … }
/// ```
public typealias _DependenciesTrait = DependenciesTrait
