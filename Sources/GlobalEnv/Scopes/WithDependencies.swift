import DependencyValues
import _EnvironmentCore

// swift-dependencies' `withDependencies`, spelled as it is there: code written for it compiles
// with `import GlobalEnv`. Each form is a `Dependencies.withValues` scope that also remembers the
// object its operation returns, if it returns one, for a later `withDependencies(from:)` (see
// `GlobalDependencies.MadeObjects`), as swift-dependencies does.

/// Runs `operation` with dependencies overridden by `update`, for `operation` and the tasks it
/// starts only. (`Dependencies.withValues(_:operation:)` is this library's spelling of it, and
/// calls it.)
///
/// ```swift
/// let model = withDependencies {
///   $0.apiClient = .stub
/// } operation: {
///   FeedModel()  // reads the stub, now and later
/// }
/// ```
///
/// An object `operation` returns is remembered with the scope, as swift-dependencies does:
/// `withDependencies(from: model)` gives that scope's values even if `model` has no
/// `@Dependency` property.
@discardableResult
public func withDependencies<Result>(
  _ update: (inout Dependencies) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  try GlobalDependencies.run(operation, rememberingObjectsIn: GlobalDependencies.makeScope(update))
}

/// Runs the asynchronous `operation` with dependencies overridden by `update`, for `operation`
/// and the tasks it starts only (see ``withDependencies(_:operation:)``).
///
/// ```swift
/// let titles = await withDependencies {
///   $0.apiClient = .stub
/// } operation: {
///   await FeedModel().loadTitles()
/// }
/// ```
///
/// Chosen when `update` does not suspend: the scope is made in one step, without the empty scope
/// and the task-local binding that an update which may suspend needs (the Benchmarks row "GlobalEnv
/// enter an async scope that sets one key": about 850 ns this way, 1,140 through that form). Its
/// reads are part of setting values (a `$0.client.fetch = …` that reads a `client` without a test
/// value is not reported).
@discardableResult
public func withDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout Dependencies) throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  try await GlobalDependencies.run(
    operation, rememberingObjectsIn: GlobalDependencies.makeScope(update))
}

/// Runs the asynchronous `operation` with dependencies overridden by `update`, which may suspend
/// (`$0.token = await keychain.token()`), for `operation` and the tasks it starts only.
///
/// ```swift
/// let titles = await withDependencies {
///   $0.apiClient = await APIClient.recorded()
/// } operation: {
///   await FeedModel().loadTitles()
/// }
/// ```
///
/// Reads inside `update` see the values around the call and those `update` has set so far.
/// Its reads are part of setting values, as a synchronous update's are: in a test, a read of a
/// dependency without a test value there (`$0.client.fetch = …`) is not reported.
@discardableResult
public func withDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout Dependencies) async throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  let scope = try await GlobalDependencies.makeScope(GlobalDependencies.makeScope { _ in }, update)
  return try await GlobalDependencies.run(operation, rememberingObjectsIn: scope)
}

/// Runs `operation` with the values `model`'s `@Dependency` properties captured, the current
/// scope's on top, then `update`, for a model that makes a child model.
/// (`Dependencies.withValues(from:_:operation:)` is this library's spelling of it, and calls it.)
///
/// ```swift
/// let detail = withDependencies(from: self) {
///   $0.analytics = .noop
/// } operation: {
///   DetailModel()  // reads what `self` reads, but `analytics`
/// }
/// ```
///
/// The values carried over are those of the model's first `@Dependency` property (its class's
/// first, in declaration order, then its superclasses'), as with swift-dependencies: a model's
/// properties are made together, in its initializer. A model made outside any scope carries the
/// process-wide values: the operation runs with the current scope's. Finding that property costs
/// the same however many stored properties the model has (the first call for a type reflects
/// them all).
///
/// A `model` with nothing to carry over (no `@Dependency` property, and not returned by a
/// `withDependencies` operation) fails the running test at `fileID`, `filePath`, `line` and
/// `column` (leave them to their defaults, the line of the call, as with swift-dependencies); in a
/// program that runs no test, it is written to standard error. The other `from:` forms take them
/// too.
@discardableResult
public func withDependencies<Result>(
  from model: Any,
  _ update: (inout Dependencies) throws -> Void,
  operation: () throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> Result {
  let site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return try GlobalDependencies.run(
    operation, rememberingObjectsIn: GlobalDependencies.makeScope(from: model, update, at: site))
}

/// Runs `operation` with the values `model`'s `@Dependency` properties captured, the current
/// scope's on top (see ``withDependencies(from:_:operation:fileID:filePath:line:column:)``).
///
/// ```swift
/// let row = withDependencies(from: self) { RowModel() }
/// ```
@discardableResult
public func withDependencies<Result>(
  from model: Any,
  operation: () throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> Result {
  try withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Runs the asynchronous `operation` with the values `model`'s `@Dependency` properties
/// captured, the current scope's on top, then `update` (see
/// ``withDependencies(from:_:operation:fileID:filePath:line:column:)``).
///
/// ```swift
/// let rows = await withDependencies(from: self) { $0.pageSize = 5 } operation: {
///   await RowModel().load()
/// }
/// ```
@discardableResult
public func withDependencies<Result>(
  from model: Any,
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout Dependencies) throws -> Void,
  operation: () async throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> Result {
  let site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return try await GlobalDependencies.run(
    operation, rememberingObjectsIn: GlobalDependencies.makeScope(from: model, update, at: site))
}

/// Runs the asynchronous `operation` with the values `model`'s `@Dependency` properties
/// captured, the current scope's on top, then `update`, which may suspend (with the hazard of the
/// form without `from:`).
///
/// ```swift
/// let rows = await withDependencies(from: self) {
///   $0.pageSize = await settings.pageSize()
/// } operation: {
///   await RowModel().load()
/// }
/// ```
@discardableResult
public func withDependencies<Result>(
  from model: Any,
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout Dependencies) async throws -> Void,
  operation: () async throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> Result {
  let site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let scope = try await GlobalDependencies.makeScope(
    GlobalDependencies.makeScope(from: model, { _ in }, at: site),
    update)
  return try await GlobalDependencies.run(operation, rememberingObjectsIn: scope)
}

/// Runs the asynchronous `operation` with the values `model`'s `@Dependency` properties
/// captured, the current scope's on top.
///
/// ```swift
/// let rows = await withDependencies(from: self) { await RowModel().load() }
/// ```
@discardableResult
public func withDependencies<Result>(
  from model: Any,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> Result {
  try await withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

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

extension GlobalDependencies {
  /// `scope`, a new scope that no task runs in yet, with `update` applied to it: how an update
  /// that may suspend sets the values of a scope made by `makeScope` with none.
  ///
  /// As `makeScope`'s, `update` runs as code that sets values (the task-local form of
  /// `ThreadContext.settingValues`, since `update` may resume on another thread), and may assign
  /// `$0` a set of values of its own for the scope to read instead.
  static func makeScope(
    _ scope: Scope,
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout Dependencies) async throws -> Void
  ) async rethrows -> Scope {
    var dependencies = scope.node.detachedValues()
    try await ThreadContext.settingValues { try await update(&dependencies) }
    guard
      let read = scope.node.replacement(for: dependencies, environmentType: ScopedOverride.self)
    else { return scope }
    return Scope(node: read, parent: scope.parent, owning: scope.ownedTestContext)
  }
}
