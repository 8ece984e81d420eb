import ComposableEnv

/// What the shared feature's environments inherit from in this module.
typealias FeatureEnvironmentBase = ComposableEnvironment

/// Runs a test body. Every test builds its own root environment, which isolates it already.
func isolated(_ body: () -> Void) {
  body()
}
