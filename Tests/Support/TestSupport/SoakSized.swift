import Foundation
import Testing

/// Whether soak-sized tests run: tests that take tens of seconds or more (a heap kept flat over
/// a million operations). `swift test` leaves them out, so that the suite stays short; CI runs
/// the whole suite again with `SWIFT_COMPOSABLE_ENV_SOAK=1` in a step of its own, where they run.
public enum SoakSized {
  /// The environment variable that makes them run, set to `1`.
  public static let variableName = "SWIFT_COMPOSABLE_ENV_SOAK"

  /// Whether this process runs them.
  public static var isEnabled: Bool {
    ProcessInfo.processInfo.environment[variableName] == "1"
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs a test only with `SWIFT_COMPOSABLE_ENV_SOAK=1`; without it, the test is reported as
  /// skipped, saying how to run it.
  ///
  /// ```swift
  /// @Test(.soakSized) func aMillionUncachedChildrenLeaveTheHeapFlat() async throws { … }
  /// ```
  public static var soakSized: Self {
    .enabled(
      if: SoakSized.isEnabled,
      "soak-sized: runs with \(SoakSized.variableName)=1 (CI runs it in a step of its own)")
  }
}
