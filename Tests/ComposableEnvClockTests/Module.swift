import ComposableEnv

/// What the clock suite's environment inherits from in this module.
typealias ClockEnvironmentBase = ComposableEnvironment

/// An environment of the suite whose continuous clock is `clock`.
func environment(clock: any Clock<Duration>) -> ClockEnvironment {
  ClockEnvironment().with(\.continuousClock, clock)
}
