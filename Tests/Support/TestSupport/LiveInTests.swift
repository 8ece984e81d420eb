import DependencyValues

/// A key of the suite's fixtures that reads its default value in tests too: its test value is
/// its `defaultValue`, declared, so the strict test process (which this suite runs in) reports
/// nothing. For fixtures of suites about the core and concurrency, whose threads read the
/// process-wide values or roots made outside any test context; suites about test contexts use
/// keys without it.
///
/// ```swift
/// struct Number: LiveInTests { static var defaultValue: Int { 0 } }
/// ```
public protocol LiveInTests: DependencyKey {}

extension LiveInTests {
  /// The key's `defaultValue`.
  public static var testValue: Value { defaultValue }
}
