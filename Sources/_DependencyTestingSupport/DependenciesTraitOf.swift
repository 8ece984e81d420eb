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
public struct _DependenciesTraitOf<Module>: _DependencyScopingTrait {
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

  /// Runs `function` with this trait's overrides, on top of those of the traits around it, in a
  /// context of the test's own (see `_DependencyScopingTrait`):
  ///
  /// ```swift
  /// @Test(.dependencies { $0.number = 1 }) func usesOne() { … }  // runs with number 1
  /// ```
  public func _scope(_ function: @Sendable () async throws -> Void) async throws {
    try await run(update, function)
  }
}

/// What the traits of both testing products share: each applies to every test of a suite, and
/// Swift Testing runs each test it applies to through `_scope(_:)`, the trait's way of giving the
/// test its dependencies.
///
/// ```swift
/// @Suite(.dependencies { $0.clock = .frozen }) struct ClockTests { … }  // a scope per test
/// ```
public protocol _DependencyScopingTrait: TestTrait, SuiteTrait, TestScoping {
  /// Runs `function`, a test the trait applies to, in the trait's scope.
  ///
  /// ```swift
  /// try await trait._scope { try await body() }
  /// ```
  func _scope(_ function: @Sendable () async throws -> Void) async throws
}

extension _DependencyScopingTrait {
  /// Applied to each test of a suite, so that every test gets a scope of its own.
  ///
  /// ```swift
  /// @Suite(.dependencyTestContext) struct ClockTests { … }  // one context per test
  /// ```
  public var isRecursive: Bool { true }

  /// Runs `function` in the trait's scope (`_scope(_:)`). Called by Swift Testing for each test
  /// the trait applies to:
  ///
  /// ```swift
  /// @Test(.dependencies { $0.number = 1 }) func usesOne() { … }  // runs with number 1
  /// ```
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await _scope(function)
  }
}
