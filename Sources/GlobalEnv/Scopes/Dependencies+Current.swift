import DependencyValues

extension Dependencies {
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
