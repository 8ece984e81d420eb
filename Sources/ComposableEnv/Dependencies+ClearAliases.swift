import DependencyValues

extension Dependencies {
  /// Does nothing: in `ComposableEnv`, aliases belong to the environment subtree that declares
  /// them, so there is nothing global to clear. Kept so that code written for
  /// swift-composable-environment 0.5 compiles.
  ///
  /// ```swift
  /// Dependencies.clearAliases()  // safe to delete
  /// ```
  @available(
    *, deprecated,
    message: """
      ComposableEnv scopes aliases to the environment subtree that declares them; a fresh root \
      environment has none, so there is nothing to clear. Delete this call.
      """
  )
  public static func clearAliases() {}
}
