import ComposableEnv
import Foundation
import Logging

// The server's dependencies. The process-wide ones (database, clock, identifiers, logger, tokens)
// are set on the AppEnvironment at start-up; the request's own (its id, its user, a logger with
// its metadata) are set on each RequestEnvironment.

extension DependencyKeys {
  public struct Database: DependencyKey {
    public static var defaultValue: TodoStore { .inMemory() }
    public static var testValue: TodoStore { .unimplemented }
  }

  public struct Now: DependencyKey {
    public static var defaultValue: @Sendable () -> Date { { Date() } }
  }

  public struct MakeUUID: DependencyKey {
    public static var defaultValue: @Sendable () -> UUID { { UUID() } }
  }

  public struct Log: DependencyKey {
    public static var defaultValue: Logger { Logger(label: "todo-server") }
    public static var testValue: Logger {
      Logger(label: "todo-server", factory: { _ in SwiftLogNoOpLogHandler() })
    }
  }

  public struct MakeRequestID: DependencyKey {
    /// `<process prefix>-<sequence number>`: unique in the process, and cheap (a request id is
    /// made for every request; a random UUID costs a read of the system's random source).
    public static var defaultValue: @Sendable () -> String {
      let sequence = RequestSequence()
      return { sequence.next() }
    }
  }

  public struct Tokens: DependencyKey {
    /// Bearer tokens and the users they authenticate.
    public static var defaultValue: [String: String] {
      ["alice-token": "alice", "bob-token": "bob"]
    }
  }

  public struct RequestID: DependencyKey {
    public static var defaultValue: String { "" }
  }

  public struct CurrentUser: DependencyKey {
    public static var defaultValue: String? { nil }
  }
}

/// Numbers requests in a process.
///
/// `@unchecked Sendable`: `count` is only touched under `lock`.
final class RequestSequence: @unchecked Sendable {
  private let prefix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
  private let lock = NSLock()
  private var count = 0

  func next() -> String {
    let number = lock.withLock {
      count += 1
      return count
    }
    return "\(prefix)-\(number)"
  }
}

extension Dependencies {
  /// Where todos are kept.
  public var database: TodoStore {
    get { self[DependencyKeys.Database.self] }
    set { self[DependencyKeys.Database.self] = newValue }
  }

  /// The current time.
  public var now: @Sendable () -> Date {
    get { self[DependencyKeys.Now.self] }
    set { self[DependencyKeys.Now.self] = newValue }
  }

  /// Makes identifiers for new todos.
  public var makeUUID: @Sendable () -> UUID {
    get { self[DependencyKeys.MakeUUID.self] }
    set { self[DependencyKeys.MakeUUID.self] = newValue }
  }

  /// The logger: the server's, or in a request, one carrying the request's metadata.
  public var logger: Logger {
    get { self[DependencyKeys.Log.self] }
    set { self[DependencyKeys.Log.self] = newValue }
  }

  /// Makes the id of a request that came without an `X-Request-ID`.
  public var makeRequestID: @Sendable () -> String {
    get { self[DependencyKeys.MakeRequestID.self] }
    set { self[DependencyKeys.MakeRequestID.self] = newValue }
  }

  /// Bearer tokens and the users they authenticate.
  public var tokens: [String: String] {
    get { self[DependencyKeys.Tokens.self] }
    set { self[DependencyKeys.Tokens.self] = newValue }
  }

  /// The id of the request being handled.
  public var requestID: String {
    get { self[DependencyKeys.RequestID.self] }
    set { self[DependencyKeys.RequestID.self] = newValue }
  }

  /// The authenticated user of the request being handled.
  public var currentUser: String? {
    get { self[DependencyKeys.CurrentUser.self] }
    set { self[DependencyKeys.CurrentUser.self] = newValue }
  }
}
