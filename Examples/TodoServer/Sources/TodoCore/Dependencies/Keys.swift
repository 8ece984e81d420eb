import ComposableEnvServices
import Foundation
import Logging
import SQLiteNIO

// The server's dependencies. Its services (the database, the tokens) are started by the
// AppEnvironment at start-up and stopped when the server shuts down; the other process-wide ones
// (clock, identifiers, logger) are set on it; the request's own (its id, its user, a logger with
// its metadata) are set on each RequestEnvironment.

extension DependencyKeys {
  /// The database: a service, opened at start-up (an SQLite file, or memory: see
  /// `databaseStorage`) and closed when the server stops, after the requests it serves.
  public struct Database: ServiceKey {
    public static func start(_ services: ServiceStart) async throws -> TodoStore {
      let connection = try await SQLiteConnection.open(
        storage: services.dependencies.databaseStorage)
      return try await .sqlite(connection)
    }

    public static func stop(_ store: TodoStore) async throws {
      try await store.close()
    }

    public static var testValue: TodoStore { .unimplemented }
  }

  public struct DatabaseStorage: DependencyKey {
    public static var defaultValue: SQLiteConnection.Storage { .memory }
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

  /// Bearer tokens and the users they authenticate: a service, loaded at start-up from the file
  /// `tokensFile` names (one `token user` pair per line), or the two demo users without one.
  public struct Tokens: ServiceKey {
    public static func start(_ services: ServiceStart) async throws -> [String: String] {
      guard let path = services.dependencies.tokensFile else {
        return ["alice-token": "alice", "bob-token": "bob"]
      }
      let text = try String(contentsOfFile: path, encoding: .utf8)
      return Dictionary(
        text.split(separator: "\n").compactMap { line in
          let parts = line.split(separator: " ")
          return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        },
        uniquingKeysWith: { _, last in last })
    }
  }

  public struct TokensFile: DependencyKey {
    public static var defaultValue: String? { nil }
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

  /// Where the database service opens its database.
  public var databaseStorage: SQLiteConnection.Storage {
    get { self[DependencyKeys.DatabaseStorage.self] }
    set { self[DependencyKeys.DatabaseStorage.self] = newValue }
  }

  /// The file the tokens service loads its tokens from, if any.
  public var tokensFile: String? {
    get { self[DependencyKeys.TokensFile.self] }
    set { self[DependencyKeys.TokensFile.self] = newValue }
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
