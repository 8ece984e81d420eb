import Foundation
import Hummingbird
import Logging
import SQLiteNIO
import TodoCore

// Configuration from the environment: TODO_HOST, TODO_PORT, TODO_DATABASE (an SQLite file; in
// memory if unset) and TODO_LOG_LEVEL.
let settings = ProcessInfo.processInfo.environment
var logger = Logger(label: "todo-server")
logger.logLevel = settings["TODO_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info

let storage: SQLiteConnection.Storage = settings["TODO_DATABASE"].map { .file(path: $0) } ?? .memory
let connection: SQLiteConnection = try await SQLiteConnection.open(storage: storage)
let app = AppEnvironment()
  .with(\.database, try await .sqlite(connection))
  .with(\.logger, logger)

let application = buildApplication(
  app: app, host: settings["TODO_HOST"] ?? "127.0.0.1",
  port: settings["TODO_PORT"].flatMap(Int.init) ?? 8080)
try await application.runService()
let _: Void = try await connection.close()
