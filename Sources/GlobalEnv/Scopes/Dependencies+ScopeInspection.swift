import DependencyValues

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
