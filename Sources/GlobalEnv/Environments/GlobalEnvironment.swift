/// An environment whose dependencies are process-wide: the `GlobalEnv` counterpart of
/// `ComposableEnvironment`, usable from a struct or a class.
///
/// ```swift
/// struct AppEnvironment: GlobalEnvironment {
///   @Dependency(\.apiClient) var apiClient
///   @DerivedEnvironment<FeedEnvironment> var feed
/// }
///
/// AppEnvironment().with(\.apiClient, .live)
/// AppEnvironment().feed.apiClient  // .live: every environment sees the same values
/// ```
///
/// A struct environment whose properties are all `@Dependency` and `@DerivedEnvironment` is
/// `Sendable` as written. A class environment must be `final` and declare
/// `@unchecked Sendable` to be shared across isolation domains, because a property wrapper's
/// storage is a `var`; the wrappers themselves are thread-safe.
public protocol GlobalEnvironment: GlobalDependenciesAccessing, _GlobalEnvEnvironment {
  /// Creates the environment. Its dependencies are the process-wide ones.
  init()
}
