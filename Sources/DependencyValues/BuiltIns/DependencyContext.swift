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
///
/// Package-visible because the core knows it (and `StandaloneStorage`, whose unset keys read the
/// values of the context set in it): a value set for it on a node switches what unset
/// keys read at that node and below (see `Dependencies.context`).
package enum DependencyContextKey: DependencyKey {
  package static var defaultValue: DependencyContext { .live }
  package static var previewValue: DependencyContext { .preview }
  package static var testValue: DependencyContext { .test }
}

extension Dependencies {
  /// The context the reading environment belongs to: `.test` in a test context, `.preview` in a
  /// preview, `.live` otherwise.
  ///
  /// Setting it switches the context of everything below: where it is set (an environment and
  /// the environments derived from it, or a `withValues` scope), a dependency that no
  /// environment on the way to the root sets reads its live value (`.live`), its preview value
  /// (`.preview`) or its test value (`.test`, where a dependency without one fails the running
  /// test, as in a test context). Values set explicitly still win, wherever they are set on the
  /// path; the nearest `context` set wins over those above it, and a later write of it takes
  /// effect at the next read.
  ///
  /// ```swift
  /// @Dependency(\.context) var context
  /// let showsDebugMenu = context != .live
  ///
  /// // In a test, live values for one environment and what derives from it (ComposableEnv)…
  /// let liveFeed = FeedEnvironment().with(\.context, .live)
  /// // …or for one scope (GlobalEnv).
  /// let titles = Dependencies.withValues { $0.context = .live } operation: { FeedModel().titles }
  /// ```
  ///
  /// Disfavored, so that a `context` you declare on `Dependencies` yourself is the one your code
  /// reads, in any module.
  @_disfavoredOverload
  public var context: DependencyContext {
    get { self[DependencyContextKey.self] }
    set { self[DependencyContextKey.self] = newValue }
  }
}
