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
  /// The scope ``withEscapedDependencies(_:)`` captured: swift-dependencies' name for
  /// ``EscapedValues``.
  ///
  /// ```swift
  /// let escaped: Dependencies.Continuation = withEscapedDependencies { $0 }
  /// Thread { escaped.yield { print(Reader().apiClient) } }.start()
  /// ```
  public typealias Continuation = EscapedValues
}
