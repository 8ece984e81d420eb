import ComposableEnvServices
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Testing
import TodoCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The server under ServiceLifecycle, as `main.swift` runs it: a graceful shutdown lets the
/// requests already accepted finish, then stops the app's services in reverse order.
@Suite struct GracefulShutdownTests {
  @Test func requestsInFlightAtShutdownFinishBeforeTheServicesStop() async throws {
    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    let app = AppEnvironment()
      .with(\.logger, logger)
      .with(\.databaseStorage, .memory)
      .with(\.tokensFile, nil)
      .with(\.now, { Date(timeIntervalSince1970: 0) })
      .with(\.makeUUID, { UUID() })
      .with(\.makeRequestID, { "request" })
    let services = try await startServices(of: app)
    #expect(Set(services.startOrder).count == 2)

    let router = buildRouter(app: app)
    let accepted = Tally()
    router.get("slow") { _, _ -> String in
      accepted.add()
      try? await Task.sleep(for: .milliseconds(300))
      return "done"
    }
    let port = Tally()
    let server = Application(
      router: router,
      configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in port.set(channel.localAddress?.port ?? 0) },
      logger: logger)
    let group = ServiceGroup(
      configuration: .init(
        services: [.init(service: AppServices(services)), .init(service: server)], logger: logger))
    let running = Task { try await group.run() }
    for _ in 0..<500 where port.value == 0 { try await Task.sleep(for: .milliseconds(10)) }
    #expect(port.value != 0, "the server did not start")

    let url = URL(string: "http://127.0.0.1:\(port.value)/slow")!
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = 32
    let session = URLSession(configuration: configuration)
    let requests = (0..<20).map { _ in
      Task { () -> String? in
        guard let (data, response) = try? await session.data(from: url),
          (response as? HTTPURLResponse)?.statusCode == 200
        else { return nil }
        return String(decoding: data, as: UTF8.self)
      }
    }
    // Shut down once every request was accepted, while their handlers sleep.
    for _ in 0..<500 where accepted.value < 20 { try await Task.sleep(for: .milliseconds(5)) }
    #expect(accepted.value == 20, "the server did not accept every request")
    await group.triggerGracefulShutdown()

    var answers: [String?] = []
    for request in requests { answers.append(await request.value) }
    #expect(answers == Array(repeating: "done", count: 20), "a request was lost")
    #expect(await ends(running, within: 60), "the service group did not end")
    #expect(services.state(of: DependencyKeys.Database.self) == .stopped)
    #expect(services.state(of: DependencyKeys.Tokens.self) == .stopped)
  }

  /// Whether the group's task ends within `seconds` (a watchdog: a regression must not hang).
  private func ends(_ task: Task<Void, any Error>, within seconds: Double) async -> Bool {
    let decided = Tally()
    return await withCheckedContinuation { continuation in
      Task.detached {
        _ = await task.result
        if decided.claim() { continuation.resume(returning: true) }
      }
      Task.detached {
        try? await Task.sleep(for: .seconds(seconds))
        if decided.claim() { continuation.resume(returning: false) }
      }
    }
  }
}

/// A number shared with handlers and callbacks, under a lock.
private final class Tally: @unchecked Sendable {
  // `@unchecked Sendable`: `count` is only touched under `lock`.
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }
  func set(_ value: Int) { lock.withLock { count = value } }
  func add() { lock.withLock { count += 1 } }

  /// `true` for the first caller only.
  func claim() -> Bool {
    lock.withLock {
      count += 1
      return count == 1
    }
  }
}
