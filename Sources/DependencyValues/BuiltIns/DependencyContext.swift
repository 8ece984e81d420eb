/// Where code runs, as the dependencies see it: the value of the built-in `context` dependency.
///
/// ```swift
/// @Dependency(\.context) var context
/// if context == .preview { showSampleData() }
/// ```
public enum DependencyContext: Sendable, Hashable {
  /// An app or a server: keys read their `defaultValue`.
  ///
  /// ```swift
  /// if context == .live { analytics.start() }
  /// ```
  case live
  /// An Xcode preview (or a process run with `SWIFT_COMPOSABLE_ENV_CONTEXT=preview`): keys read
  /// their `previewValue`.
  ///
  /// ```swift
  /// if context == .preview { showSampleData() }
  /// ```
  case preview
  /// A test context: keys read their `testValue`.
  ///
  /// ```swift
  /// #expect(environment.context == .test)
  /// ```
  case test
}

/// The key of `Dependencies.context`: its live, preview and test values are the contexts
/// themselves, so a read gives the context the reading environment belongs to.
private enum ContextKey: DependencyKey {
  static var defaultValue: DependencyContext { .live }
  static var previewValue: DependencyContext { .preview }
  static var testValue: DependencyContext { .test }
}

extension Dependencies {
  /// The context the reading environment belongs to: `.test` in a test context, `.preview` in a
  /// preview, `.live` otherwise. Settable like any dependency, for code that branches on it; it
  /// does not change which values other dependencies read.
  ///
  /// ```swift
  /// @Dependency(\.context) var context
  /// let showsDebugMenu = context != .live
  /// ```
  ///
  /// Disfavored, so that a `context` you declare on `Dependencies` yourself is the one your code
  /// reads, in any module.
  @_disfavoredOverload
  public var context: DependencyContext {
    get { self[ContextKey.self] }
    set { self[ContextKey.self] = newValue }
  }
}
