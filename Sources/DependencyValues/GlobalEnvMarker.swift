/// Marks the environments of `GlobalEnv` (the types that conform to its `GlobalEnvironment`), so
/// that `ComposableEnv` can report at the property's line a `GlobalEnv` environment derived in its
/// tree: an app uses one of the two modules. Not for your own types.
///
/// ```swift
/// // In a module that imports ComposableEnv, with SettingsEnvironment from a GlobalEnv module:
/// @DerivedEnvironment<SettingsEnvironment> var settings  // error: one module per app
/// ```
public protocol _GlobalEnvEnvironment {}
