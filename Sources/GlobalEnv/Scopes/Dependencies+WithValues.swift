import DependencyValues

extension Dependencies {
  /// Runs `operation` with dependencies overridden by `update`, for `operation` and the tasks it
  /// starts only: this library's spelling of `withDependencies(_:operation:)`, which it calls (one
  /// implementation, the same behaviour: an object `operation` returns is remembered too).
  ///
  /// Reads inside see the overrides layered on the process-wide values; code running concurrently
  /// elsewhere does not. Scopes nest, the innermost winning, and process-wide aliases apply inside.
  /// Inside the scope, `with(_:_:)`, the subscript setter and `aliasing(_:to:)` apply to the scope.
  ///
  /// ```swift
  /// let titles = Dependencies.withValues {
  ///   $0.apiClient = .stub
  /// } operation: {
  ///   FeedModel().loadTitles()
  /// }
  /// ```
  @discardableResult
  public static func withValues<Result>(
    _ update: (inout Dependencies) throws -> Void,
    operation: () throws -> Result
  ) rethrows -> Result {
    try GlobalEnv.withDependencies(update, operation: operation)
  }

  /// Runs the asynchronous `operation` with dependencies overridden by `update`, for `operation`
  /// and the tasks it starts (child tasks and `Task {}` created inside) only: calls the
  /// asynchronous `withDependencies(_:operation:)`.
  ///
  /// ```swift
  /// let titles = await Dependencies.withValues {
  ///   $0.apiClient = .stub
  /// } operation: {
  ///   await FeedModel().loadTitles()
  /// }
  /// ```
  @discardableResult
  public static func withValues<Result>(
    _ update: (inout Dependencies) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await GlobalEnv.withDependencies(update, operation: operation)
  }
}
