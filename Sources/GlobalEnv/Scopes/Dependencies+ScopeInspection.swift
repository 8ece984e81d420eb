import DependencyValues
import _EnvironmentCore

extension Dependencies {
  /// The current `withValues` scope, for tests that watch it end through a weak reference; `nil`
  /// outside scopes.
  ///
  /// ```swift
  /// let scope = Dependencies.withValues { $0.number = 1 } operation: {
  ///   Weak(Dependencies.currentScopeObject!)
  /// }
  /// #expect(scope.value == nil)
  /// ```
  package static var currentScopeObject: AnyObject? { GlobalDependencies.Scope.current }

  /// How many overlays the current `withValues` scope holds (see `GlobalDependencies.Overlays`),
  /// for tests that check they stay bounded; 0 outside scopes.
  ///
  /// ```swift
  /// Dependencies.withValues { $0.number = 1 } operation: {
  ///   _ = model.number  // made in another scope
  ///   #expect(Dependencies.overlayCountOfCurrentScope == 1)
  /// }
  /// ```
  package static var overlayCountOfCurrentScope: Int {
    GlobalDependencies.Scope.current?.overlayCount ?? 0
  }

  /// The node reads start from in the current task (the innermost scope's, or the process-wide
  /// values'): where a layer above the module, as services are, sets what it makes.
  ///
  /// ```swift
  /// let node = Dependencies.currentNode  // the process-wide values outside scopes
  /// ```
  package static var currentNode: Node { GlobalDependencies.current }

  /// The values of the current task's scope (or the process-wide ones), as a value of its own:
  /// swift-dependencies' `DependencyValues._current`, for code that reads it. Reads see the
  /// scope's values; writes stay in the copy and change no scope (set values with
  /// `withDependencies`).
  ///
  /// ```swift
  /// withDependencies { $0.uuid = .incrementing } operation: {
  ///   DependencyValues._current.uuid()  // 00000000-0000-0000-0000-000000000000
  /// }
  /// ```
  public static var _current: Dependencies { GlobalDependencies.current.detachedValues() }
}
