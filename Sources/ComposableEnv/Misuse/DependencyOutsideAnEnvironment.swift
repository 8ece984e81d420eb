import DependencyValues

/// What `@Dependency` names outside a ``ComposableEnvironment`` subclass: a wrapper that only
/// reports, at the property's line, that the property belongs in an environment.
///
/// Inside an environment class, `@Dependency` is ``ComposableEnvironment/Dependency``, which reads
/// from the environment that declares it. A view model or a plain type has no environment to read
/// from, so this one does not compile:
///
/// ```swift
/// final class FeedViewModel {
///   @Dependency(\.apiClient) var apiClient  // error: can only be declared in a subclass of…
/// }
///
/// // Instead, hold the environment and read from it:
/// final class FeedViewModel {
///   let environment: FeedEnvironment
///   init(environment: FeedEnvironment) { self.environment = environment }
///   func load() { _ = environment.apiClient }
/// }
/// ```
@propertyWrapper
public struct Dependency<Value> {
  /// Accepts what an environment's `@Dependency` accepts, so that the error is the one below.
  ///
  /// ```swift
  /// struct FeedModel { @Dependency(\.apiClient) var apiClient }  // error: not an environment
  /// ```
  public init(_ keyPath: KeyPath<Dependencies, Value>) {}

  /// Accepts what an environment's `@Dependency` accepts, so that the error is the one below.
  ///
  /// ```swift
  /// struct FeedModel { @Dependency(APIClient.self) var apiClient }  // error: not an environment
  /// ```
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {}

  /// Accepts what an environment's `@Dependency` accepts, so that the error is the one below.
  ///
  /// ```swift
  /// struct FeedModel { @Dependency(\.client, as: TestClient.self) var client }  // error
  /// ```
  public init<Base>(_ keyPath: KeyPath<Dependencies, Base>, as type: Value.Type) {}

  /// Accepts what an environment's `@Dependency` accepts, so that the error is the one below.
  ///
  /// ```swift
  /// struct FeedModel { @Dependency(ClientKey.self, as: TestClient.self) var client }  // error
  /// ```
  public init<Key: TestDependencyKey>(_ key: Key.Type, as type: Value.Type) {}

  /// Unavailable: a `@Dependency` reads from the environment that declares it.
  ///
  /// ```swift
  /// final class FeedViewModel { @Dependency(\.apiClient) var apiClient }  // error
  /// ```
  @available(
    *, unavailable,
    message: """
      @Dependency can only be declared in a subclass of ComposableEnvironment (or, with \
      `import GlobalEnv`, in any type). Move the property into your environment class, and give \
      this type the environment (`let environment: FeedEnvironment`) to read it from.
      """
  )
  public var wrappedValue: Value { fatalError("unavailable") }
}
