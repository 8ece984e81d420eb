import DependencyValues
import Testing

/// The type of the `.dependencies { … }` and `.dependency(…)` traits, for both testing products:
/// one implementation, which each product names `DependenciesTrait` (`Module` tells the two
/// apart, so that each product's factories are its own) and gives its way of running a test with
/// the trait's overrides.
///
/// ```swift
/// // GlobalEnvTesting
/// public typealias DependenciesTrait = _DependenciesTraitOf<any GlobalEnvironment>
///
/// @Test(.dependencies { $0.apiClient = .stub }) func loadsTitles() { … }
/// ```
public struct _DependenciesTraitOf<Module>: TestTrait, SuiteTrait, TestScoping {
  /// An update of the values a test reads; reads made in it are part of setting values.
  package typealias Update = @Sendable (inout Dependencies) async throws -> Void
  /// Runs a test (`function`) with an update's overrides, the module's way: on top of the
  /// overrides of the traits around, in a test context of the test's own, running the update as
  /// code that sets values (`ThreadContext.settingValues`), so that its reads are not reported.
  package typealias Run =
    @Sendable (_ update: @escaping Update, _ function: @Sendable () async throws -> Void)
    async throws -> Void

  private let update: Update
  private let run: Run

  /// A trait whose test reads the values `update` sets, run by `run`. Reads made by `update` are
  /// part of setting values (`run` sees to it): a `$0.apiClient.fetch = …` that reads an
  /// `apiClient` without a test value is not reported.
  package init(_ update: @escaping Update, run: @escaping Run) {
    self.update = update
    self.run = run
  }

  /// A trait that sets the value at `keyPath` to `value`, computed for each test the trait
  /// applies to, when it starts.
  package init<Value>(
    _ keyPath: any WritableKeyPath<Dependencies, Value> & Sendable,
    _ value: @escaping @Sendable () throws -> Value,
    run: @escaping Run
  ) {
    self.init({ $0[keyPath: keyPath] = try value() }, run: run)
  }

  /// A trait that sets the dependency whose key is `value`'s own type.
  package init<Value: TestDependencyKey>(
    _ value: @escaping @Sendable () throws -> Value, run: @escaping Run
  ) where Value == Value.Value {
    self.init({ $0[Value.self] = try value() }, run: run)
  }

  /// Applied to each test of a suite, so that every test gets a context of its own.
  ///
  /// ```swift
  /// @Suite(.dependencies { $0.clock = .frozen }) struct ClockTests { … }
  /// ```
  public var isRecursive: Bool { true }

  /// Runs `function` with this trait's overrides, on top of those of the traits around it, in a
  /// context of the test's own. Called by Swift Testing for each test the trait applies to:
  ///
  /// ```swift
  /// @Test(.dependencies { $0.number = 1 }) func usesOne() { … }  // runs with number 1
  /// ```
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await run(update, function)
  }
}
