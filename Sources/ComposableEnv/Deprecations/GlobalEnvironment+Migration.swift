/// A migration shim for code written against `GlobalEnv`: in `ComposableEnv`, environments are
/// `ComposableEnvironment` subclasses.
///
/// ```swift
/// // Written for GlobalEnv; builds against ComposableEnv once `struct` becomes `class`:
/// final class AppEnvironment: GlobalEnvironment {
///   @Dependency(\.apiClient) var apiClient
/// }
/// ```
@available(
  *, deprecated,
  message: """
    ComposableEnv has no process-wide environments: subclass ComposableEnvironment instead \
    (`final class AppEnvironment: ComposableEnvironment`), and turn a `struct` environment into a \
    `final class`. Behaviour changes: a value set with `with` now applies to that environment and \
    its descendants only, not to the whole process, and aliases are scoped the same way.
    """
)
open class GlobalEnvironment: ComposableEnvironment {
  /// Creates a root environment, like `ComposableEnvironment()`.
  ///
  /// ```swift
  /// let environment = AppEnvironment()
  /// ```
  public required init() { super.init() }
}

/// A migration shim for code written against `GlobalEnv`: in `ComposableEnv`, a type reads
/// dependencies by being a `ComposableEnvironment` subclass in the environment tree.
///
/// ```swift
/// // Written for GlobalEnv; builds against ComposableEnv once `struct` becomes `class`:
/// final class FeedModel: GlobalDependenciesAccessing {
///   @Dependency(\.apiClient) var apiClient
/// }
/// ```
@available(
  *, deprecated,
  message: """
    ComposableEnv reads dependencies from the environment tree: make this type a \
    ComposableEnvironment subclass (derived from its parent with @DerivedEnvironment or \
    `derived(_:)`), or read from an environment it is given. Behaviour changes: values come from \
    the nearest ancestor that set them, not from process-wide storage.
    """
)
open class GlobalDependenciesAccessing: ComposableEnvironment {
  /// Creates a root environment, like `ComposableEnvironment()`.
  ///
  /// ```swift
  /// let model = FeedModel()
  /// ```
  public required init() { super.init() }
}
