import DependencyValues

/// A `GlobalEnv` environment derived in a `ComposableEnv` tree does not compile, with a message at
/// the property's line. (Without these, the initializers' `ComposableEnvironment` requirement
/// would fail naming a class of the same name as `GlobalEnv`'s migration class, which the child
/// does inherit from.) `@available` takes a literal message, so each initializer restates it.
extension ComposableEnvironment.DerivedEnvironment where Environment: _GlobalEnvEnvironment {
  /// Unavailable: `Environment` is a `GlobalEnv` environment, and an app uses one module.
  ///
  /// ```swift
  /// @DerivedEnvironment<SettingsEnvironment> var settings  // error: one module per app
  /// ```
  @available(
    *, unavailable,
    message: """
      This child is a GlobalEnv environment, and this tree is ComposableEnv's: an app uses one \
      of the two modules, never both. Make the child a ComposableEnvironment subclass (its \
      module imports ComposableEnv), or use GlobalEnv throughout.
      """
  )
  public convenience init() { fatalError("unavailable") }

  /// Unavailable: `Environment` is a `GlobalEnv` environment, and an app uses one module.
  ///
  /// ```swift
  /// @DerivedEnvironment var settings = SettingsEnvironment()  // error: one module per app
  /// ```
  @available(
    *, unavailable,
    message: """
      This child is a GlobalEnv environment, and this tree is ComposableEnv's: an app uses one \
      of the two modules, never both. Make the child a ComposableEnvironment subclass (its \
      module imports ComposableEnv), or use GlobalEnv throughout.
      """
  )
  public convenience init(wrappedValue: @autoclosure @escaping () -> Environment) {
    fatalError("unavailable")
  }

  /// Unavailable: `Environment` is a `GlobalEnv` environment, and an app uses one module.
  ///
  /// ```swift
  /// @DerivedEnvironment<SettingsEnvironment>(aliases: { … }) var settings  // error: one module per app
  /// ```
  @available(
    *, unavailable,
    message: """
      This child is a GlobalEnv environment, and this tree is ComposableEnv's: an app uses one \
      of the two modules, never both. Make the child a ComposableEnvironment subclass (its \
      module imports ComposableEnv), or use GlobalEnv throughout.
      """
  )
  public convenience init(
    @AliasBuilder<Environment> aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>
  ) {
    fatalError("unavailable")
  }

  /// Unavailable: `Environment` is a `GlobalEnv` environment, and an app uses one module.
  ///
  /// ```swift
  /// @DerivedEnvironment(aliases: { … }) var settings = SettingsEnvironment()  // error: one module per app
  /// ```
  @available(
    *, unavailable,
    message: """
      This child is a GlobalEnv environment, and this tree is ComposableEnv's: an app uses one \
      of the two modules, never both. Make the child a ComposableEnvironment subclass (its \
      module imports ComposableEnv), or use GlobalEnv throughout.
      """
  )
  public convenience init(
    wrappedValue: @autoclosure @escaping () -> Environment,
    @AliasBuilder<Environment> aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>
  ) {
    fatalError("unavailable")
  }
}
