import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TodoCore

// Configuration from the environment: TODO_HOST, TODO_PORT, TODO_DATABASE (an SQLite file; in
// memory if unset), TODO_TOKENS (a file of `token user` lines) and TODO_LOG_LEVEL.
let settings = ProcessInfo.processInfo.environment
var logger = Logger(label: "todo-server")
logger.logLevel = settings["TODO_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info

let app = AppEnvironment()
  .with(\.logger, logger)
  .with(\.databaseStorage, settings["TODO_DATABASE"].map { .file(path: $0) } ?? .memory)
  .with(\.tokensFile, settings["TODO_TOKENS"])
// The database and the tokens start (concurrently: neither reads the other); on SIGTERM or
// SIGINT the server drains its requests, then they stop.
let services = try await startServices(of: app)
let tally = RequestTally()
let server = buildApplication(
  app: app, host: settings["TODO_HOST"] ?? "127.0.0.1",
  port: settings["TODO_PORT"].flatMap(Int.init) ?? 8080, tally: tally)
let group = ServiceGroup(
  configuration: .init(
    services: [.init(service: AppServices(services)), .init(service: server)],
    gracefulShutdownSignals: [.sigterm, .sigint],
    logger: logger))
try await group.run()
logger.info("stopped", metadata: ["answered": "\(tally.answered)", "services": "stopped"])
