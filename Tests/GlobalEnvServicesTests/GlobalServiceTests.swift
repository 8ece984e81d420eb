import Foundation
import GlobalEnvServices
import GlobalEnvTesting
import ServicesTestSupport
import TestSupport
import Testing

/// Records starts and stops, shared through a plain dependency.
final class GlobalServiceLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [String] = []

  func record(_ event: String) { lock.withLock { events.append(event) } }
  var all: [String] { lock.withLock { events } }
}

struct GlobalServiceLogKey: LiveInTests {
  static var defaultValue: GlobalServiceLog { GlobalServiceLog() }
}

struct GlobalDatabase: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String {
    services.dependencies[GlobalServiceLogKey.self].record("start database")
    return "database"
  }
  static func stop(_ value: String) async throws {}
}

struct GlobalMailer: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String {
    let database = try await services.start(GlobalDatabase.self)
    services.dependencies[GlobalServiceLogKey.self].record("start mailer")
    return "mailer on \(database)"
  }
}

/// A service whose stop logs through the dependencies of the scope it was started in.
struct GlobalLogsItsStop: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> String { "logs its stop" }
  static func stop(_ value: String, dependencies: Dependencies) async throws {
    dependencies[GlobalServiceLogKey.self].record("stopped \(value)")
  }
}

private struct GlobalServiceReader: GlobalDependenciesAccessing {}

@Suite("Services, process-wide", .timeLimit(.minutes(10)))
struct GlobalServiceTests {
  @Test func servicesStartedInATestAreReadByTheTest() async throws {
    let log = GlobalServiceLog()
    GlobalServiceReader().with(GlobalServiceLogKey.self, log)
    let services = try await Dependencies.startServices(GlobalMailer.self)
    #expect(GlobalServiceReader()[GlobalMailer.self] == "mailer on database")
    #expect(log.all == ["start database", "start mailer"])
    try await services.stop()
  }

  @Test func servicesStartedInATestAreNotSeenOutsideIt() async throws {
    let services = try await Dependencies.startServices(GlobalDatabase.self)
    let outside = await Task.detached {
      Dependencies.withValues {
        $0[GlobalDatabase.self] = "outside"
      } operation: {
        GlobalServiceReader()[GlobalDatabase.self]
      }
    }.value
    #expect(outside == "outside")
    #expect(GlobalServiceReader()[GlobalDatabase.self] == "database")
    try await services.stop()
  }

  @Test(.dependencies { $0[GlobalDatabase.self] = "fake" })
  func aTraitSwapsAServiceForAFakeWithoutStartingIt() async throws {
    let log = GlobalServiceLog()
    GlobalServiceReader().with(GlobalServiceLogKey.self, log)
    let services = try await Dependencies.startServices(GlobalMailer.self)
    #expect(GlobalServiceReader()[GlobalMailer.self] == "mailer on fake")
    #expect(log.all == ["start mailer"])
    #expect(services.state(of: GlobalDatabase.self) == .set)
    try await services.stop()
  }

  @Test func theDependencyTreeShowsTheServicesStartedInATest() async throws {
    GlobalServiceReader().with(GlobalServiceLogKey.self, GlobalServiceLog())
    let services = try await Dependencies.startServices(GlobalMailer.self)
    let tree = GlobalServiceReader().dependencyTree()
    #expect(tree.contains("service GlobalMailer: running, its start read GlobalDatabase"))
    try await services.stop()
  }

  @Test func aStopReadsTheDependenciesOfTheScopeItsServiceStartedIn() async throws {
    let log = GlobalServiceLog()
    GlobalServiceReader().with(GlobalServiceLogKey.self, log)
    let services = try await Dependencies.startServices(GlobalLogsItsStop.self)
    try await services.stop()
    #expect(log.all == ["stopped logs its stop"])
  }

  @Test func aRequestScopeReleasesItsResourcesAndItsValuesEndWithIt() async throws {
    let released = GlobalServiceLog()
    let value = try await Dependencies.withRequestScope {
      $0[GlobalDatabase.self] = "request's"
    } operation: { scope in
      scope.onEnd { released.record("first") }
      scope.onEnd { released.record("second") }
      return GlobalServiceReader()[GlobalDatabase.self]
    }
    #expect(value == "request's")
    #expect(released.all == ["second", "first"])
  }

  @Test func anAsynchronousReleaseRegisteredBySynchronousReleaseWhileReleasingRuns() async throws {
    let released = GlobalServiceLog()
    try await Dependencies.withRequestScope { scope in
      scope.onEnd { released.record("first") }
      scope.onEnd {
        released.record("second")
        scope.onEnd { () async in
          await Task.yield()
          released.record("registered by second")
        }
      }
    }
    #expect(released.all == ["second", "registered by second", "first"])
  }

  @Test func randomReleaseProgramsRunEveryReleaseInTheReferenceOrder() async {
    for seed in SeededGenerator.seeds(count: 500) {
      let program = ReleaseProgram(seed: seed)
      let outcome = await program.run { body in
        try await Dependencies.withRequestScope { scope in try await body(scope) }
      }
      #expect(outcome == program.expected, "seed \(seed): \(program)")
    }
  }
}

/// Declares GlobalMailer through the environment it derives.
private struct GlobalMailEnvironment: GlobalEnvironment {
  @Dependency(GlobalMailer.self) var mailer
}

/// Declares GlobalDatabase, and GlobalMailer through a derived environment.
private struct GlobalAppEnvironment: GlobalEnvironment {
  @Dependency(GlobalDatabase.self) var database
  @DerivedEnvironment<GlobalMailEnvironment> var mail
}

@Suite("Services a process-wide environment declares", .timeLimit(.minutes(10)))
struct GlobalServiceDiscoveryTests {
  @Test func startingAnEnvironmentWithNoKeysStartsWhatItDeclares() async throws {
    let log = GlobalServiceLog()
    GlobalServiceReader().with(GlobalServiceLogKey.self, log)
    let app = GlobalAppEnvironment()
    let services = try await app.startServices()
    #expect(log.all == ["start database", "start mailer"])
    #expect(app.mail.mailer == "mailer on database")
    try await services.stop()
  }

  @Test func startingAnEnvironmentWithKeysStartsThoseKeys() async throws {
    let log = GlobalServiceLog()
    GlobalServiceReader().with(GlobalServiceLogKey.self, log)
    let services = try await GlobalAppEnvironment().startServices(GlobalDatabase.self)
    #expect(log.all == ["start database"])
    #expect(services.state(of: GlobalMailer.self) == .notStarted)
    try await services.stop()
  }
}
