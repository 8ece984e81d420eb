import GlobalEnv

/// What the clock suite's environment conforms to in this module.
typealias ClockEnvironmentBase = GlobalEnvironment

/// An environment of the suite made in a scope whose continuous clock is `clock`: it reads
/// through that scope later, from any task.
func environment(clock: any Clock<Duration>) -> ClockEnvironment {
  Dependencies.withValues {
    $0.continuousClock = clock
  } operation: {
    ClockEnvironment()
  }
}
