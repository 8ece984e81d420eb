import DependencyValues

extension Dependencies {
  /// Carries the current scope into work that leaves the task: this library's spelling of
  /// ``withEscapedDependencies(_:)``, which it calls.
  ///
  /// ```swift
  /// Dependencies.withEscapedValues { escaped in
  ///   DispatchQueue.global().async {
  ///     escaped.yield { model.refresh() }  // reads the scope's apiClient
  ///   }
  /// }
  /// ```
  public static func withEscapedValues<Result>(
    _ body: (EscapedValues) throws -> Result
  ) rethrows -> Result {
    try GlobalEnv.withEscapedDependencies(body)
  }

  /// The `async` form of ``withEscapedValues(_:)``: calls the asynchronous
  /// `withEscapedDependencies(_:)`.
  ///
  /// ```swift
  /// await Dependencies.withEscapedValues { escaped in
  ///   await callbackAPI.start { escaped.yield { model.refresh() } }
  /// }
  /// ```
  public static func withEscapedValues<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (EscapedValues) async throws -> Result
  ) async rethrows -> Result {
    try await GlobalEnv.withEscapedDependencies(body)
  }
}

/// The scope captured by ``withEscapedDependencies(_:)``, to re-enter from work
/// that left the task.
///
/// ```swift
/// Dependencies.withEscapedValues { escaped in
///   Thread { escaped.yield { print(Reader().apiClient) } }.start()
/// }
/// ```
public struct EscapedValues: Sendable {
  /// The captured scope; `nil` outside any scope (then `yield` reads the process-wide values).
  let scope: GlobalDependencies.Scope?

  /// Runs `operation` with the captured scope's values, on the calling thread.
  ///
  /// ```swift
  /// DispatchQueue.global().async { escaped.yield { model.refresh() } }
  /// ```
  public func yield<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try GlobalDependencies.Scope.$current.withValue(scope, operation: operation)
  }

  /// Runs the asynchronous `operation` with the captured scope's values.
  ///
  /// ```swift
  /// Task.detached { await escaped.yield { await model.refresh() } }
  /// ```
  public func yield<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await GlobalDependencies.Scope.$current.withValue(scope, operation: operation)
  }
}
