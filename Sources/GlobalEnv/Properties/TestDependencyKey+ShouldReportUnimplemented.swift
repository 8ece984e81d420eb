import DependencyValues
import _EnvironmentCore

extension TestDependencyKey {
  /// Whether a `testValue` that reports an issue should report it now: `false` while the read is
  /// part of setting values (a `withDependencies` update closure, `$0.client.fetch = …`, which
  /// reads `client` to change part of it), `true` for a read that uses the value. As
  /// swift-dependencies' `shouldReportUnimplemented`.
  ///
  /// ```swift
  /// extension DatabaseClient: TestDependencyKey {
  ///   static var testValue: DatabaseClient {
  ///     if shouldReportUnimplemented { Issue.record("Set a database for this test.") }
  ///     return .inMemory
  ///   }
  /// }
  /// ```
  public static var shouldReportUnimplemented: Bool { !ThreadContext.isSettingValuesNow }
}
