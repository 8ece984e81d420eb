import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import TodoCore

/// One test's server: its own AppEnvironment with an in-memory database, a fixed clock, sequential
/// UUIDs and a logger that captures what it is given. Tests running in parallel each have one.
struct TestServer {
  static let fixedDate = Date(timeIntervalSince1970: 1_800_000_000)

  let environment: AppEnvironment
  let log = CapturedLog()

  init(database: TodoStore = .inMemory()) {
    let ids = Counter()
    let requestIDs = Counter()
    let log = self.log
    environment = AppEnvironment()
      .with(\.database, database)
      .with(\.now, { TestServer.fixedDate })
      .with(\.makeUUID, { UUID(sequential: ids.next()) })
      .with(\.makeRequestID, { "request-\(requestIDs.next())" })
      .with(\.logger, Logger(label: "test", factory: { _ in CapturingLogHandler(log: log) }))
      .with(\.tokens, ["alice-token": "alice", "bob-token": "bob"])
  }

  /// Runs `body` with a client of this server (`.router`: in process; `.live`: over HTTP).
  func test<Value: Sendable>(
    _ framework: TestingSetup = .router,
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value
  ) async throws -> Value {
    try await buildApplication(app: environment, port: 0).test(framework) { client in
      try await body(client)
    }
  }
}

extension UUID {
  /// `00000000-0000-0000-0000-00000000000n`.
  init(sequential number: Int) {
    self.init(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
  }
}

/// A thread-safe counter from 1.
final class Counter: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value = 0

  func next() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}

/// What a test's logger was given.
final class CapturedLog: @unchecked Sendable {
  // `@unchecked Sendable`: `entries` is only touched under `lock`.
  private let lock = NSLock()
  private var entries: [(message: String, metadata: Logger.Metadata)] = []

  var all: [(message: String, metadata: Logger.Metadata)] { lock.withLock { entries } }

  func append(_ message: String, _ metadata: Logger.Metadata) {
    lock.withLock { entries.append((message, metadata)) }
  }
}

/// A log handler that appends every message, with its metadata, to a `CapturedLog`.
struct CapturingLogHandler: LogHandler {
  let log: CapturedLog
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    log.append("\(event.message)", metadata.merging(event.metadata ?? [:]) { $1 })
  }
}

extension TestClientProtocol {
  /// A request with alice's token (or `token`), and optionally a JSON body.
  func request(
    _ uri: String, _ method: HTTPRequest.Method, token: String? = "alice-token",
    json: String? = nil, headers extra: HTTPFields = [:]
  ) async throws -> TestResponse {
    var headers = extra
    if let token { headers[.authorization] = "Bearer \(token)" }
    if json != nil { headers[.contentType] = "application/json" }
    return try await execute(
      uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }
    ) { $0 }
  }
}

extension TestResponse {
  /// The body decoded as `T`.
  func decoded<T: Decodable>(as type: T.Type) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601  // as Hummingbird encodes dates
    return try decoder.decode(T.self, from: Data(buffer: body))
  }

  /// The message of a JSON error body (`{"error":{"message":"…"}}`).
  var errorMessage: String? {
    struct ErrorBody: Decodable {
      struct Detail: Decodable { var message: String }
      var error: Detail
    }
    return try? decoded(as: ErrorBody.self).error.message
  }
}
