import DependencyValues
import _EnvironmentCore

extension Dependencies {
  /// Runs `operation` with the values `object`'s `@Dependency` properties captured where it was
  /// made, the current scope's values on top, then `update`: how a model makes a child model that
  /// shares its dependencies. This library's spelling of `withDependencies(from:_:operation:)`,
  /// which it calls (one implementation, the same behaviour).
  ///
  /// ```swift
  /// let detail = Dependencies.withValues(from: parent) {
  ///   $0.analytics = .noop
  /// } operation: {
  ///   DetailModel()  // reads what `parent` reads, but `analytics`
  /// }
  /// ```
  ///
  /// An `object` with no `@Dependency` property made in a scope gives the current scope's values.
  /// One with no `@Dependency` property at all gives the values of the scope whose
  /// `withDependencies` (or `withValues`) operation returned it, if one did; otherwise it fails
  /// the running test at `fileID`, `filePath`, `line` and `column` (leave them to their defaults,
  /// the line of the call), or says so on standard error, since nothing can be carried over.
  @discardableResult
  public static func withValues<Result>(
    from object: Any, _ update: (inout Dependencies) throws -> Void, operation: () throws -> Result,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) rethrows -> Result {
    try GlobalEnv.withDependencies(
      from: object, update, operation: operation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Runs `operation` with the values `object`'s `@Dependency` properties captured, the current
  /// scope's on top: calls `withDependencies(from:operation:)`.
  ///
  /// ```swift
  /// let row = Dependencies.withValues(from: feed) { RowModel() }
  /// ```
  @discardableResult
  public static func withValues<Result>(
    from object: Any, operation: () throws -> Result, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) rethrows -> Result {
    try GlobalEnv.withDependencies(
      from: object, operation: operation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Runs the asynchronous `operation` with the values `object`'s `@Dependency` properties
  /// captured, the current scope's on top, then `update`: calls the asynchronous
  /// `withDependencies(from:_:operation:)`.
  ///
  /// ```swift
  /// let rows = await Dependencies.withValues(from: feed) { $0.pageSize = 5 } operation: {
  ///   await RowModel().load()
  /// }
  /// ```
  @discardableResult
  public static func withValues<Result>(
    from object: Any, _ update: (inout Dependencies) throws -> Void,
    isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async rethrows -> Result {
    try await GlobalEnv.withDependencies(
      from: object, update, operation: operation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Runs the asynchronous `operation` with the values `object`'s `@Dependency` properties
  /// captured, the current scope's on top: calls the asynchronous
  /// `withDependencies(from:operation:)`.
  ///
  /// ```swift
  /// let rows = await Dependencies.withValues(from: feed) { await RowModel().load() }
  /// ```
  @discardableResult
  public static func withValues<Result>(
    from object: Any, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async rethrows -> Result {
    try await GlobalEnv.withDependencies(
      from: object, operation: operation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension GlobalDependencies {
  /// A scope for `withValues(from: object)`: on the scope `object`'s first `@Dependency`
  /// property captured (read from the current scope, whose values win), with `update` applied.
  /// An object made outside any scope carries the process-wide values: the operation runs with
  /// the current scope's. An object with no `@Dependency` property carries the scope of the
  /// `withDependencies` operation that returned it, if one did (see `MadeObjects`).
  ///
  /// An `object` with nothing to carry over is reported at `site` (where the caller wrote it).
  static func makeScope(
    from object: Any, _ update: (inout Dependencies) throws -> Void, at site: ReadSite
  ) rethrows -> Scope {
    let current = capturedScope
    let property = FirstDependencyProperty.of(object)
    let remembered = property == nil ? MadeObjects.scope(of: object) : nil
    if property == nil, remembered == nil {
      TestFailureReporting.record(
        """
        withDependencies(from:) was given a \(type(of: object)) that has no @Dependency \
        property, so it has no values to carry over: the operation runs with the current scope's \
        values. Give the type a @Dependency property, or use withDependencies(_:operation:).
        """,
        at: site.location)
    }
    guard let captured = property?.scope ?? remembered else {
      return try makeScope(on: current, update)
    }
    let base = captured.node(readFrom: current)
    let parent = current.flatMap { base.isIdentical(to: $0.node) ? $0 : nil } ?? captured
    return try makeScope(on: parent, node: base, update)
  }
}
