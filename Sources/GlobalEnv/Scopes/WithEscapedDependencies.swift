import DependencyValues

/// Carries the current scope (its overrides, aliases and test context) into work that leaves the
/// task: a GCD queue, a callback, a thread. Inside `body`, call ``EscapedValues/yield(_:)`` on
/// `escaped` from that work to read and write with the scope's values; outside it, that work
/// would read the process-wide values. The scope stays alive while `escaped` does.
/// (`Dependencies.withEscapedValues(_:)` is this library's spelling of it, and calls it.)
///
/// ```swift
/// withEscapedDependencies { escaped in
///   DispatchQueue.global().async {
///     escaped.yield { model.refresh() }  // reads the scope's apiClient
///   }
/// }
/// ```
public func withEscapedDependencies<Result>(
  _ body: (Dependencies.Continuation) throws -> Result
) rethrows -> Result {
  try body(EscapedValues(scope: GlobalDependencies.innermostScopeIfAny))
}

/// The `async` form of ``withEscapedDependencies(_:)``.
///
/// ```swift
/// await withEscapedDependencies { escaped in
///   await callbackAPI.start { escaped.yield { model.refresh() } }
/// }
/// ```
public func withEscapedDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (Dependencies.Continuation) async throws -> Result
) async rethrows -> Result {
  try await body(EscapedValues(scope: GlobalDependencies.innermostScopeIfAny))
}

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
    isolation: isolated (any Actor)? = #isolation, _ body: (EscapedValues) async throws -> Result
  ) async rethrows -> Result {
    try await GlobalEnv.withEscapedDependencies(body)
  }

  /// The scope ``withEscapedDependencies(_:)`` captured: swift-dependencies' name for
  /// ``EscapedValues``.
  ///
  /// ```swift
  /// let escaped: Dependencies.Continuation = withEscapedDependencies { $0 }
  /// Thread { escaped.yield { print(Reader().apiClient) } }.start()
  /// ```
  public typealias Continuation = EscapedValues
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
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await GlobalDependencies.Scope.$current.withValue(scope, operation: operation)
  }
}
