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
  }

  /// Removes every process-wide alias.
  ///
  /// ```swift
  /// Dependencies.clearAliases()
  /// ```
  public static func clearAliases() {
    GlobalDependencies.root.removeAllAliases()
  }
}
