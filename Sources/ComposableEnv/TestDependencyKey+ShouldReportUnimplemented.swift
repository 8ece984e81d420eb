import DependencyValues
import _EnvironmentCore

extension TestDependencyKey {
  /// Whether a `testValue` that reports an issue should report it now: `false` while the read is
  /// part of setting values (`with(\.client.fetch, …)` or a trait's update closure, which reads
  /// `client` to change part of it), `true` for a read that uses the value. As
  /// swift-dependencies' `shouldReportUnimplemented`, and GlobalEnv's.
  ///
  /// ```swift
  /// extension DatabaseClient: TestDependencyKey {
  ///   static var testValue: DatabaseClient {
  ///     if shouldReportUnimplemented { print("Set a database for this test.") }
  ///     return .inMemory
  ///   }
  /// }
  /// ```
  public static var shouldReportUnimplemented: Bool { !ThreadContext.isSettingValuesNow }
}
