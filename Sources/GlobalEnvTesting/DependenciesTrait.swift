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
/// test's under its suite's) add their overrides on top.
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  private let update: @Sendable (inout Dependencies) async throws -> Void

  fileprivate init(update: @escaping @Sendable (inout Dependencies) async throws -> Void) {
    self.update = update
  }

  /// Applied to each test of a suite, so that every test gets a scope of its own.
  ///
  /// ```swift
  /// @Suite(.dependencies { $0.clock = .frozen }) struct ClockTests { … }
  /// ```
  public var isRecursive: Bool { true }

  /// Runs `function` inside a scope with this trait's overrides: on a new test context of its
  /// own when no trait or function entered one yet and the process is strict (a process that
  /// runs tests, unless `SWIFT_COMPOSABLE_ENV_CONTEXT` says otherwise). What the test sets
  /// process-wide (`prepare`, `reset`) is its own for this run, and released when it ends.
  ///
  /// Called by Swift Testing for each test the trait applies to:
  ///
  /// ```swift
  /// @Test(.dependencies { $0.number = 1 }) func usesOne() { … }  // runs inside the scope
  /// ```
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // The test's own scope, under the trait's, is this run's: it ends with it.
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
}

extension Trait where Self == DependenciesTrait {
  /// Gives a test (or each test of a suite) fresh dependencies of its own, isolated from tests
  /// that run in parallel, with no override: swift-dependencies' base-suite trait.
  ///
  /// ```swift
  /// @Suite(.dependencies) struct BaseSuite {}
  /// extension BaseSuite { @Suite struct FeedTests { … } }
  /// ```
  public static var dependencies: Self {
    DependenciesTrait { _ in }
  }

  /// Overrides dependencies for a test (or every test of a suite), isolated from tests that run
  /// in parallel.
  ///
  /// ```swift
  /// @Test(.dependencies {
  ///   $0.apiClient = .stub
  ///   $0.mainQueue = .immediate
  /// })
  /// func refreshes() async { … }
  /// ```
  ///
  /// Reads made by `update` are part of setting values: a `$0.apiClient.fetch = …` that reads an
  /// `apiClient` without a test value is not reported.
  public static func dependencies(_ update: @escaping @Sendable (inout Dependencies) throws -> Void)
    -> Self
  {
    DependenciesTrait { dependencies in
      try ThreadContext.settingValues { try update(&dependencies) }
    }
  }

  /// Overrides dependencies for a test (or every test of a suite) with an update that may
  /// suspend.
  ///
  /// ```swift
  /// @Test(.dependencies { $0.database = try await .temporary() })
  /// func savesDrafts() async throws { … }
  /// ```
  ///
  /// Reads made by `update` are part of setting values, as a synchronous update's are: a
  /// `$0.apiClient.fetch = …` that reads an `apiClient` without a test value is not reported.
  public static func dependencies(
    _ update: @escaping @Sendable (inout Dependencies) async throws -> Void
  ) -> Self {
    DependenciesTrait(update: update)
  }

  /// Overrides one dependency for a test (or every test of a suite), by its key path.
  ///
  /// ```swift
  /// @Test(.dependency(\.continuousClock, ImmediateClock()))
  /// func debounces() async { … }
  /// ```
  ///
  /// `value` is computed for each test the trait applies to, when it starts.
  public static func dependency<Value>(
    _ keyPath: any WritableKeyPath<Dependencies, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    .dependencies { $0[keyPath: keyPath] = try value() }
  }

  /// Overrides the dependency whose key is `value`'s own type, for a test (or every test of a
  /// suite).
  ///
  /// ```swift
  /// extension APIClient: TestDependencyKey { static let testValue = APIClient.failing }
  ///
  /// @Test(.dependency(APIClient.stub))
  /// func loadsTitles() { … }
  /// ```
  public static func dependency<Value: TestDependencyKey>(
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self where Value == Value.Value {
    .dependencies { $0[Value.self] = try value() }
  }
}

/// swift-dependencies' name for the type of the `.dependencies` and `.dependency` traits: the same
/// type as ``DependenciesTrait``, so code that names it compiles unchanged.
///
/// ```swift
/// let stubbed: _DependenciesTrait = .dependency(\.apiClient, .stub)
/// @Test(stubbed) func loadsTitles() { … }
/// ```
public typealias _DependenciesTrait = DependenciesTrait
