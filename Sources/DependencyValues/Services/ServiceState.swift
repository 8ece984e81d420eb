/// Where a service is in its life, as `RunningServices.state(of:)` and the dependency tree show
/// it.
///
/// ```swift
/// #expect(services.state(of: Database.self) == .running)
/// ```
public enum ServiceState: String, Sendable, Hashable, CustomStringConvertible {
  /// Not started by this environment.
  case notStarted = "not started"
  /// Its start is running.
  case starting
  /// Started, and readable.
  case running
  /// Set by a value (an override), so never started nor stopped by the environment.
  case set
  /// Its stop is running.
  case stopping
  /// Stopped.
  case stopped
  /// Its start threw or was cancelled.
  case failed

  /// The state as the dependency tree prints it, such as `not started`.
  ///
  /// ```swift
  /// ServiceState.notStarted.description  // "not started"
  /// ```
  public var description: String { rawValue }
}
