import GlobalEnv
import Testing

/// A Swift Testing trait that runs a test (or every test of a suite) inside
/// `Dependencies.withValues`, so that tests running in parallel each see their own overrides.
///
/// ```swift
/// @Test(.dependencies { $0.apiClient = .stub })
/// func loadsTitles() {
///   #expect(FeedModel().loadTitles() == ["Stubbed post"])
/// }
/// ```
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  private let update: @Sendable (inout Dependencies) -> Void

  fileprivate init(update: @escaping @Sendable (inout Dependencies) -> Void) {
    self.update = update
  }

  /// Applied to each test of a suite, so that every test gets a scope of its own.
  ///
  /// ```swift
  /// @Suite(.dependencies { $0.clock = .frozen }) struct ClockTests { … }
  /// ```
  public var isRecursive: Bool { true }

  /// Runs `function` inside a `withValues` scope with this trait's overrides.
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
    try await Dependencies.withValues(update) {
      try await function()
    }
  }
}

extension Trait where Self == DependenciesTrait {
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
  public static func dependencies(_ update: @escaping @Sendable (inout Dependencies) -> Void)
    -> Self
  {
    DependenciesTrait(update: update)
  }
}
