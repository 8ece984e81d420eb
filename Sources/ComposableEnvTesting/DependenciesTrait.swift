import ComposableEnv
import Testing
import _DependencyTestingSupport
import _EnvironmentCore

/// A Swift Testing trait that sets dependencies for a test (or every test of a suite): every
/// environment created in the test reads them where no environment on its path sets the key, as
/// it would read the keys' test values. Tests running in parallel each see their own.
///
/// ```swift
/// @Test(.dependencies { $0.apiClient = .stub })
/// func loadsTitles() throws {
///   #expect(try AppEnvironment().feed.load() == ["Stubbed post"])
/// }
/// ```
///
/// The test runs in a context of its own (of the kind it would run in: strict in a process that
/// runs tests), whose defaults are the trait's values; an environment's own `with(_:_:)` still
/// wins. A test's trait adds to its suite's, and wins over it. (One implementation with
/// GlobalEnvTesting's: `_DependenciesTraitOf`.)
public typealias DependenciesTrait = _DependenciesTraitOf<ComposableEnvironment>

/// Runs a test in a new context whose environments read the trait's values, and those of the
/// traits around it, in place of the keys' defaults.
@Sendable private func runTest(
  overriding update: @escaping DependenciesTrait.Update,
  _ function: @Sendable () async throws -> Void
) async throws {
  installTestReporter()
  let around = TestContext.current
  let defaults = around?.defaults ?? TestContext.processWide?.defaults ?? .liveValues
  let inherited = around?.values ?? []
  // The update runs on an environment of its own, which reads the values of the traits
  // around (a `$0.client.port = …` changes their client); what it sets is this trait's.
  let values = Node.makeRoot(
    environmentType: DependenciesTrait.self,
    testContext: TestContext(reading: defaults, values: inherited))
  var dependencies = values.dependencies()
  try await ThreadContext.settingValues { try await update(&dependencies) }
  let context = TestContext(reading: defaults, values: inherited + values.localValues())
  defer { context.close() }
  try await TestContext.$current.withValue(context, operation: function)
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
