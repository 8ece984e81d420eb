/// What `@DerivedEnvironment` names outside a ``ComposableEnvironment`` subclass: a wrapper that
/// only reports, at the property's line, that the property belongs in an environment.
///
/// Inside an environment class, `@DerivedEnvironment` is
/// ``ComposableEnvironment/DerivedEnvironment``, which makes a child of the environment that
/// declares it. Anywhere else there is no parent, so this one does not compile:
///
/// ```swift
/// final class AppModel {
///   @DerivedEnvironment<FeedEnvironment> var feed  // error: can only be declared in a subclass…
/// }
///
/// // Instead, derive the child in the environment, or from one:
/// let feed = appEnvironment.derived(FeedEnvironment.self)
/// ```
@propertyWrapper
public final class DerivedEnvironment<Environment> {
  /// Accepts what an environment's `@DerivedEnvironment` accepts, so that the error is the one
  /// below.
  ///
  /// ```swift
  /// struct AppModel { @DerivedEnvironment<FeedEnvironment> var feed }  // error
  /// ```
  public init() {}

  /// Accepts what an environment's `@DerivedEnvironment` accepts, so that the error is the one
  /// below.
  ///
  /// ```swift
  /// struct AppModel { @DerivedEnvironment var feed = FeedEnvironment() }  // error
  /// ```
  public init(wrappedValue: @autoclosure @escaping () -> Environment) {}

  /// Accepts what an environment's `@DerivedEnvironment` accepts, so that the error is the one
  /// below.
  ///
  /// ```swift
  /// struct AppModel {
  ///   @DerivedEnvironment<FeedEnvironment>(aliases: { $0.alias(\.feedQueue, to: \.mainQueue) })
  ///   var feed  // error
  /// }
  /// ```
  public init(
    @AliasBuilder<Environment> aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>
  ) {}

  /// Accepts what an environment's `@DerivedEnvironment` accepts, so that the error is the one
  /// below.
  ///
  /// ```swift
  /// struct AppModel {
  ///   @DerivedEnvironment(aliases: { $0.alias(\.feedQueue, to: \.mainQueue) })
  ///   var feed = FeedEnvironment()  // error
  /// }
  /// ```
  public init(
    wrappedValue: @autoclosure @escaping () -> Environment,
    @AliasBuilder<Environment> aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>
  ) {}

  /// Unavailable: a derived environment is a child of the environment that declares it.
  ///
  /// ```swift
  /// final class AppModel { @DerivedEnvironment<FeedEnvironment> var feed }  // error
  /// ```
  @available(
    *, unavailable,
    message: """
      @DerivedEnvironment can only be declared in a subclass of ComposableEnvironment. Move the \
      property into your environment class, or derive the child from an environment \
      (`environment.derived(FeedEnvironment.self)`).
      """
  )
  public var wrappedValue: Environment { fatalError("unavailable") }
}
