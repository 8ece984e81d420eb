import GlobalEnv

/// What the shared feature's environments conform to in this module.
typealias FeatureEnvironmentBase = GlobalEnvironment

/// Runs a test body in a scope of its own, so that tests running in parallel do not share
/// process-wide values.
func isolated(_ body: () -> Void) {
  Dependencies.withValues { _ in
  } operation: {
    body()
  }
}
