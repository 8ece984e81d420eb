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
  /// Overrides of running `withValues` scopes are not affected. To isolate tests that run in
  /// parallel, prefer `withValues` (or the `.dependencies` test trait) over `reset()`.
  public static func reset() {
    GlobalDependencies.root.removeAllValues()
    GlobalDependencies.root.resetDefaults()
    PreparedKeys.removeAll()
  }

  /// Removes every process-wide alias. Aliases declared inside running `withValues` scopes stay.
  ///
  /// ```swift
  /// Dependencies.clearAliases()
  /// ```
  ///
  /// Removing aliases splits their groups. A scope that aliased one key to two keys of a group
  /// that only process-wide aliases joined then aliases it into two groups, which is reported as
  /// a conflict on its next read.
  public static func clearAliases() {
    GlobalDependencies.root.removeAllAliases()
  }
}
