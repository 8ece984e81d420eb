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
}

extension Dependencies {
  /// The node reads start from in the current task (the innermost scope's, or the process-wide
  /// values'): where a layer above the module, as services are, sets what it makes.
  ///
  /// ```swift
  /// let node = Dependencies.currentNode  // the process-wide values outside scopes
  /// ```
  package static var currentNode: Node { GlobalDependencies.current }
}
