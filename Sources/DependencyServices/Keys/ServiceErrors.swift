import DependencyValues
import _EnvironmentCore

/// A service failed to start, or start-up was cancelled: thrown by `startServices` after the
/// services already started were stopped, in reverse order.
///
/// ```swift
/// do { try await app.startServices(Server.self) } catch let error as ServiceStartError {
///   print(error.chain)  // ["Server", "Database"]: Server's start read Database, which threw
/// }
/// ```
///
/// A start-up whose task is cancelled before it returns always throws this error, with
/// `CancellationError` as ``underlying`` (also when every start had ended, or none had begun):
/// ``chain`` then says where start-up was, from the first service asked for that was still
/// starting down to the start it waited for (`["Server", "Database"]`: Database's start was
/// running), or names the first service asked for when none was starting.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct ServiceStartError: Error, CustomStringConvertible, StartUpFailure {
  /// The service whose start threw (or was cancelled).
  ///
  /// ```swift
  /// error.key  // "Database"
  /// ```
  public let key: String
  /// The services whose starts led to it, outermost first, ending with `key`.
  ///
  /// ```swift
  /// error.chain  // ["Server", "Database"]
  /// ```
  public let chain: [String]
  /// What the start threw; `CancellationError`, always, for a cancelled start-up.
  ///
  /// ```swift
  /// error.underlying is CancellationError  // a cancelled start-up
  /// ```
  public let underlying: any Error
  /// The services of the failed start-up, stopped: their states (which failed, which stopped)
  /// and, while this handle lives, their lines in the environment's dependency tree. Set on what
  /// `startServices` throws; `nil` on the error another start reads from `start(_:)`.
  ///
  /// ```swift
  /// catch let error as ServiceStartError {
  ///   #expect(error.services?.state(of: Database.self) == .failed)
  ///   #expect(error.services?.state(of: Config.self) == .stopped)
  /// }
  /// ```
  public package(set) var services: RunningServices?

  /// `Service Database failed to start (Server → Database): …`.
  ///
  /// ```swift
  /// print(error)  // Service Database failed to start (Server → Database): connection refused
  /// ```
  public var description: String {
    "Service \(key) failed to start (\(chain.joined(separator: " → "))): \(underlying)"
  }
}

/// Services whose starts need each other: thrown into the start that closed the cycle, so that
/// start-up fails instead of waiting forever.
///
/// ```swift
/// catch let error as ServiceCycleError { print(error.keys) }  // ["A", "B", "A"]
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct ServiceCycleError: Error, CustomStringConvertible, StartUpFailure {
  /// The keys of the cycle, from the start that asked to the one it asked for, which needs it.
  ///
  /// ```swift
  /// error.keys  // ["A", "B", "A"]
  /// ```
  public let keys: [String]
  /// The services of the failed start-up, as ``ServiceStartError/services``: set on what
  /// `startServices` throws, `nil` on the error thrown into the start that closed the cycle.
  ///
  /// ```swift
  /// catch let error as ServiceCycleError { print(error.services?.startOrder ?? []) }
  /// ```
  public package(set) var services: RunningServices?

  /// `Services need each other to start: A → B → A`.
  ///
  /// ```swift
  /// print(error)  // Services need each other to start: A → B → A
  /// ```
  public var description: String {
    "Services need each other to start: \(keys.joined(separator: " → "))"
  }
}

/// What a failed start-up throws: a start's failure (or its cancellation) or a cycle, which
/// carries the handle to the graph's states (`services`).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
protocol StartUpFailure: Error {
  var services: RunningServices? { get set }
}

/// Stopping services did not go cleanly: every stop ran, and these threw or overran their
/// deadline (those are cancelled and left behind).
///
/// ```swift
/// catch let error as ServiceStopError { print(error.overdue) }  // ["Database"]
/// ```
public struct ServiceStopError: Error, CustomStringConvertible {
  /// The services whose stop threw, with what it threw, in the order they stopped.
  ///
  /// ```swift
  /// error.failures.map(\.key)  // ["Cache"]
  /// ```
  public let failures: [(key: String, error: any Error)]
  /// The services whose stop was still running at its deadline.
  ///
  /// ```swift
  /// error.overdue  // ["Database"]
  /// ```
  public let overdue: [String]

  /// Which stops threw and which overran.
  ///
  /// ```swift
  /// print(error)  // Services did not stop cleanly: Cache threw …; Database overran its deadline
  /// ```
  public var description: String {
    let threw = failures.map { "\($0.key) threw \($0.error)" }
    let late = overdue.map { "\($0) overran its deadline" }
    return "Services did not stop cleanly: " + (threw + late).joined(separator: "; ")
  }
}

/// Misuse of an environment's services: starting them twice, or stopping services that are not
/// running.
///
/// ```swift
/// catch let error as ServiceMisuseError { print(error) }
/// ```
public struct ServiceMisuseError: Error, CustomStringConvertible {
  /// What was wrong, and what to do instead.
  ///
  /// ```swift
  /// print(error.description)  // "The services of AppEnvironment are already started: …"
  /// ```
  public let description: String
}
