import DependencyValues

// swift-dependencies' free functions called as its users qualify them, by its module's name
// (`Dependencies.withDependencies { … }`, needed where a type of theirs has a `withDependencies`
// of its own): here `Dependencies` names the values type, so these static members forward, each in
// one line, to the free functions, which are the implementation.

extension Dependencies {
  /// `withDependencies(_:operation:)`, qualified as swift-dependencies' users qualify it.
  ///
  /// ```swift
  /// Dependencies.withDependencies { $0.apiClient = .stub } operation: { FeedModel() }
  /// ```
  @discardableResult
  public static func withDependencies<Result>(
    _ update: (inout Dependencies) throws -> Void, operation: () throws -> Result
  ) rethrows -> Result {
    try GlobalEnv.withDependencies(update, operation: operation)
  }

  /// The asynchronous `withDependencies(_:operation:)`, qualified.
  ///
  /// ```swift
  /// await Dependencies.withDependencies { $0.apiClient = .stub } operation: { await load() }
  /// ```
  @discardableResult
  public static func withDependencies<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout Dependencies) throws -> Void, operation: () async throws -> Result
  ) async rethrows -> Result {
    try await GlobalEnv.withDependencies(update, operation: operation)
  }

  /// The asynchronous `withDependencies(_:operation:)` whose update may suspend, qualified.
  ///
  /// ```swift
  /// await Dependencies.withDependencies { $0.token = await keychain.token() } operation: { … }
  /// ```
  @discardableResult
  public static func withDependencies<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout Dependencies) async throws -> Void, operation: () async throws -> Result
  ) async rethrows -> Result {
    try await GlobalEnv.withDependencies(update, operation: operation)
  }

  /// `withDependencies(from:_:operation:)`, qualified.
  ///
  /// ```swift
  /// Dependencies.withDependencies(from: self) { $0.analytics = .noop } operation: { Detail() }
  /// ```
  @discardableResult
  public static func withDependencies<Result>(
    from model: Any, _ update: (inout Dependencies) throws -> Void,
    operation: () throws -> Result, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) rethrows -> Result {
    try GlobalEnv.withDependencies(
      from: model, update, operation: operation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// `withDependencies(from:operation:)`, qualified.
  ///
  /// ```swift
  /// let row = Dependencies.withDependencies(from: self) { RowModel() }
  /// ```
  @discardableResult
  public static func withDependencies<Result>(
    from model: Any, operation: () throws -> Result, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) rethrows -> Result {
    try GlobalEnv.withDependencies(
      from: model, operation: operation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// The asynchronous `withDependencies(from:_:operation:)`, qualified.
  ///
  /// ```swift
  /// await Dependencies.withDependencies(from: self) { $0.pageSize = 5 } operation: { await load() }
  /// ```
  @discardableResult
  public static func withDependencies<Result>(
    from model: Any, isolation: isolated (any Actor)? = #isolation,
    _ update: (inout Dependencies) throws -> Void, operation: () async throws -> Result,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async rethrows -> Result {
    try await GlobalEnv.withDependencies(
      from: model, update, operation: operation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// The asynchronous `withDependencies(from:_:operation:)` whose update may suspend, qualified.
  ///
  /// ```swift
  /// await Dependencies.withDependencies(from: self) { $0.size = await size() } operation: { … }
  /// ```
  @discardableResult
  public static func withDependencies<Result>(
    from model: Any, isolation: isolated (any Actor)? = #isolation,
    _ update: (inout Dependencies) async throws -> Void, operation: () async throws -> Result,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async rethrows -> Result {
    try await GlobalEnv.withDependencies(
      from: model, update, operation: operation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// The asynchronous `withDependencies(from:operation:)`, qualified.
  ///
  /// ```swift
  /// let rows = await Dependencies.withDependencies(from: self) { await RowModel().load() }
  /// ```
  @discardableResult
  public static func withDependencies<Result>(
    from model: Any, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async rethrows -> Result {
    try await GlobalEnv.withDependencies(
      from: model, operation: operation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// `prepareDependencies(_:)`, qualified.
  ///
  /// ```swift
  /// Dependencies.prepareDependencies { $0.apiClient = .live }
  /// ```
  @discardableResult
  public static func prepareDependencies<Result>(
    _ update: (inout Dependencies) throws -> Result
  ) rethrows -> Result {
    try GlobalEnv.prepareDependencies(update)
  }

  /// `withEscapedDependencies(_:)`, qualified.
  ///
  /// ```swift
  /// Dependencies.withEscapedDependencies { escaped in queue.async { escaped.yield { … } } }
  /// ```
  public static func withEscapedDependencies<Result>(
    _ body: (Continuation) throws -> Result
  ) rethrows -> Result {
    try GlobalEnv.withEscapedDependencies(body)
  }

  /// The asynchronous `withEscapedDependencies(_:)`, qualified.
  ///
  /// ```swift
  /// await Dependencies.withEscapedDependencies { escaped in await start(escaped) }
  /// ```
  public static func withEscapedDependencies<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: (Continuation) async throws -> Result
  ) async rethrows -> Result {
    try await GlobalEnv.withEscapedDependencies(body)
  }
}
