import DependencyValues
import _EnvironmentCore

/// Where a service is in its life, as `RunningServices.state(of:)` and the dependency tree show
/// it.
///
/// ```swift
/// #expect(services.state(of: Database.self) == .running)
/// ```
public enum ServiceState: String, Sendable, Hashable, CustomStringConvertible {
  /// Not started by this environment.
  ///
  /// ```swift
  /// services.state(of: Mailer.self) == .notStarted  // never asked for
  /// ```
  case notStarted = "not started"
  /// Its start is running.
  ///
  /// ```swift
  /// services.state(of: Database.self) == .starting  // seen in the tree during start-up
  /// ```
  case starting
  /// Started, and readable.
  ///
  /// ```swift
  /// services.state(of: Database.self) == .running
  /// ```
  case running
  /// Set by a value (an override), so never started nor stopped by the environment.
  ///
  /// ```swift
  /// app.with(Database.self, .fake); services.state(of: Database.self) == .set
  /// ```
  case set
  /// Its stop is running.
  ///
  /// ```swift
  /// services.state(of: Database.self) == .stopping  // its stop overran its deadline
  /// ```
  case stopping
  /// Stopped (its value let go of). The dependency tree shows it so while its
  /// `RunningServices` lives.
  ///
  /// ```swift
  /// try await services.stop(); services.state(of: Database.self) == .stopped
  /// ```
  case stopped
  /// Its start threw or was cancelled.
  ///
  /// ```swift
  /// catch let error as ServiceStartError {
  ///   error.services?.state(of: Database.self) == .failed  // and in the tree, while it lives
  /// }
  /// ```
  case failed

  /// The state as the dependency tree prints it, such as `not started`.
  ///
  /// ```swift
  /// ServiceState.notStarted.description  // "not started"
  /// ```
  public var description: String { rawValue }
}
