import DependencyValues
import _EnvironmentCore

extension Dependencies {
  /// Runs `operation` with the values `object`'s `@Dependency` properties captured where it was
  /// made, the current scope's values on top, then `update`: how a model makes a child model that
  /// shares its dependencies.
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
  /// `withDependencies` operation returned it, if one did; otherwise it fails the running test,
  /// or says so on standard error, since nothing can be carried over.
  public static func withValues<Result>(
    from object: Any,
    _ update: (inout Dependencies) throws -> Void,
    operation: () throws -> Result
  ) rethrows -> Result {
    let scope = try GlobalDependencies.makeScope(from: object, update)
    return try GlobalDependencies.Scope.$current.withValue(scope, operation: operation)
  }

  /// Runs `operation` with the values `object`'s `@Dependency` properties captured, the current
  /// scope's on top (see `withValues(from:_:operation:)`).
  ///
  /// ```swift
  /// let row = Dependencies.withValues(from: feed) { RowModel() }
  /// ```
  public static func withValues<Result>(
    from object: Any, operation: () throws -> Result
  ) rethrows -> Result {
    try withValues(from: object, { _ in }, operation: operation)
  }

  /// Runs the asynchronous `operation` with the values `object`'s `@Dependency` properties
  /// captured, the current scope's on top, then `update` (see the synchronous form).
  ///
  /// ```swift
  /// let rows = await Dependencies.withValues(from: feed) { $0.pageSize = 5 } operation: {
  ///   await RowModel().load()
  /// }
  /// ```
  public static func withValues<Result>(
    from object: Any,
    _ update: (inout Dependencies) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let scope = try GlobalDependencies.makeScope(from: object, update)
    return try await GlobalDependencies.Scope.$current.withValue(scope, operation: operation)
  }

  /// Runs the asynchronous `operation` with the values `object`'s `@Dependency` properties
  /// captured, the current scope's on top.
  ///
  /// ```swift
  /// let rows = await Dependencies.withValues(from: feed) { await RowModel().load() }
  /// ```
  public static func withValues<Result>(
    from object: Any,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await withValues(from: object, { _ in }, operation: operation)
  }
}

/// A `@Dependency` property, as `withValues(from:)` finds it in a value's stored properties.
protocol CapturesScope {
  var capturedScope: GlobalDependencies.Scope? { get }
}

extension Dependency: CapturesScope {
  var capturedScope: GlobalDependencies.Scope? { scope }
}

extension GlobalDependencies {
  /// A scope for `withValues(from: object)`: on the scope `object`'s `@Dependency` properties
  /// captured (read from the current scope, whose values win), with `update` applied.
  ///
  /// An `object` with nothing to carry over is reported as a misuse of `function` (the spelling
  /// the caller used: `Dependencies.withValues(from:)` or `withDependencies(from:)`), at
  /// `site` (where the caller wrote it, when known).
  static func makeScope(
    from object: Any, _ update: (inout Dependencies) throws -> Void,
    function: ValuesFromFunction = .withValues, at site: ReadSite? = nil
  ) rethrows -> Scope {
    let current = capturedScope
    let properties = dependencyProperties(of: object)
    let remembered = properties.isEmpty ? MadeObjects.scope(of: object) : nil
    if properties.isEmpty, remembered == nil {
      TestFailureReporting.record(
        """
        \(function.name) was given a \(type(of: object)) that has no @Dependency property, so \
        it has no values to carry over: the operation runs with the current scope's values. \
        Give the type a @Dependency property, or use \(function.alternative).
        """,
        at: site?.location)
    }
    guard let captured = properties.lazy.compactMap(\.capturedScope).first ?? remembered else {
      return try makeScope(on: current, update)
    }
    let base = captured.node(readFrom: current)
    let parent = current.flatMap { base.isIdentical(to: $0.node) ? $0 : nil } ?? captured
    return try makeScope(on: parent, node: base, update)
  }

  /// The `@Dependency` properties stored in `object` (its class's and its superclasses').
  private static func dependencyProperties(of object: Any) -> [any CapturesScope] {
    var found: [any CapturesScope] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      found += current.children.compactMap { $0.value as? any CapturesScope }
      mirror = current.superclassMirror
    }
    return found
  }
}

/// The spelling of "run with the values of an object" a caller used, as a report about its
/// object names it.
///
/// ```swift
/// GlobalDependencies.makeScope(from: model, { _ in }, function: .withDependencies, at: site)
/// ```
enum ValuesFromFunction {
  /// `Dependencies.withValues(from:)` (this library's spelling).
  case withValues
  /// `withDependencies(from:)` (swift-dependencies' spelling).
  case withDependencies

  /// The function's name.
  var name: String {
    switch self {
    case .withValues: "Dependencies.withValues(from:)"
    case .withDependencies: "withDependencies(from:)"
    }
  }

  /// The same function without `from:`.
  var alternative: String {
    switch self {
    case .withValues: "withValues(_:operation:)"
    case .withDependencies: "withDependencies(_:operation:)"
    }
  }
}
