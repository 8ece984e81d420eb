import DependencyValues

/// Carries the current scope into work that leaves the task (a GCD queue, a callback, a thread):
/// swift-dependencies' spelling of ``Dependencies/withEscapedValues(_:)``. Call
/// ``EscapedValues/yield(_:)`` on `escaped` from that work.
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
  try Dependencies.withEscapedValues(body)
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
  try await Dependencies.withEscapedValues(body)
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
