import DependencyValues
import _EnvironmentCore

extension Dependencies {
  /// Sets every process-wide dependency back to its default, and forgets computed defaults so
  /// that they are computed again on next use. Aliases are kept; see ``clearAliases()``.
  ///
  /// ```swift
  /// Dependencies.reset()
  /// ```
  ///
  /// Overrides of running `withValues` scopes are not affected. In a test, what is reset is the
  /// test's own values (those of its test context, or, in a process that runs tests, of the scope
  /// it gets of its own), not other tests'.
  public static func reset() {
    let scope = GlobalDependencies.processWideScope
    if let scope, let context = scope.ownedTestContext {
      scope.node.removeAllValues()
      scope.node.resetDefaults(of: context)
    } else {
      GlobalDependencies.root.removeAllValues()
      GlobalDependencies.root.resetDefaults()
    }
    (scope?.preparedKeys ?? PreparedKeys.processWide).withLock { $0.removeAll() }
  }

  /// Removes every process-wide alias (in a test, the test's own). Aliases declared inside
  /// running `withValues` scopes stay.
  ///
  /// ```swift
  /// Dependencies.clearAliases()
  /// ```
  ///
  /// Removing aliases splits their groups. A scope that aliased one key to two keys of a group
  /// that only process-wide aliases joined then aliases it into two groups, which is reported as
  /// a conflict on its next read.
  public static func clearAliases() {
    (GlobalDependencies.processWideScope?.node ?? GlobalDependencies.root).removeAllAliases()
  }
}
