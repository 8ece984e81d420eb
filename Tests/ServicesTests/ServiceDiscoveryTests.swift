import ComposableEnvServices
import ComposableEnvTesting
import TestSupport
import Testing

/// Declares ServiceB (which reads ServiceC) and a plain dependency.
final class DiscoveredMail: ComposableEnvironment {
  @Dependency(ServiceB.self) var b
  @Dependency(ServiceLogKey.self) var log
}

/// Declares ServiceC, and ServiceB through the environment it derives.
final class DiscoveryRoot: ComposableEnvironment {
  @Dependency(ServiceC.self) var c
  @DerivedEnvironment<DiscoveredMail> var mail
}

/// An environment that derives its own type, as a recursive tree of environments does.
final class RecursiveServices: ComposableEnvironment {
  @Dependency(ServiceC.self) var c
  @DerivedEnvironment<RecursiveServices> var next
}

class BaseServices: ComposableEnvironment {
  @Dependency(ServiceC.self) var c
}

final class SubclassServices: BaseServices {
  @Dependency(ServiceA.self) var a
}

extension Dependencies {
  /// ServiceA through a key path: discovery must not run this getter (it would read a service
  /// that is not running, which stops the program).
  fileprivate var serviceAThroughKeyPath: ServiceValue {
    get { self[ServiceA.self] }
    set { self[ServiceA.self] = newValue }
  }
}

final class KeyPathServices: ComposableEnvironment {
  @Dependency(\.serviceAThroughKeyPath) var a
}

@Suite("Services an environment declares", .timeLimit(.minutes(10)))
struct ServiceDiscoveryTests {
  @Test func startingWithNoKeysStartsWhatTheEnvironmentAndItsDerivedEnvironmentsDeclare()
    async throws
  {
    let log = ServiceLog()
    let root = DiscoveryRoot().with(ServiceLogKey.self, log)
    let services = try await root.startServices()
    #expect(log.starts() == ["C", "B"])
    #expect(services.state(of: ServiceA.self) == .notStarted)
    #expect(root.mail.b.name == "B")
    try await services.stop()
    #expect(Set(log.stops()) == ["C", "B"])
  }

  @Test func discoveryEndsAtAnEnvironmentThatDerivesItsOwnType() async throws {
    let log = ServiceLog()
    let root = RecursiveServices().with(ServiceLogKey.self, log)
    let services = try await root.startServices()
    #expect(log.starts() == ["C"])
    try await services.stop()
  }

  @Test func aSubclassStartsTheServicesItsSuperclassDeclaresToo() async throws {
    let log = ServiceLog()
    let root = SubclassServices().with(ServiceLogKey.self, log)
    let services = try await root.startServices()
    #expect(log.starts() == ["C", "B", "A"])
    try await services.stop()
  }

  @Test func aServiceReadThroughAKeyPathIsNotDiscoveredAndItsGetterDoesNotRun() async throws {
    let log = ServiceLog()
    let root = KeyPathServices().with(ServiceLogKey.self, log)
    let services = try await root.startServices()
    #expect(log.starts().isEmpty)
    #expect(services.state(of: ServiceA.self) == .notStarted)
    try await services.stop()
  }

  @Test func aDeclaredServiceWithAValueSetIsNotStarted() async throws {
    let log = ServiceLog()
    let root = DiscoveryRoot().with(ServiceLogKey.self, log)
      .with(ServiceC.self, ServiceValue("fake C", log: nil))
    let services = try await root.startServices()
    #expect(log.starts() == ["B"])
    #expect(root.mail.b.name == "B")
    try await services.stop()
  }
}

/// Derives a DiscoveredMail that sets ServiceB itself.
final class OverridingRoot: ComposableEnvironment {
  @Dependency(ServiceC.self) var c
  @DerivedEnvironment var mail = DiscoveredMail()
    .with(ServiceB.self, ServiceValue("own B", log: nil))
}

/// A generic environment that derives a new type at each level.
final class Level<Tag>: ComposableEnvironment {
  @Dependency(ServiceC.self) var c
  @DerivedEnvironment<Level<Level<Tag>>> var next
}

@Suite("Services an environment declares, where discovery stops", .timeLimit(.minutes(10)))
struct ServiceDiscoveryLimitTests {
  @Test func aServiceADerivedEnvironmentSetsItselfIsNotStarted() async throws {
    let log = ServiceLog()
    let root = OverridingRoot().with(ServiceLogKey.self, log)
    let services = try await root.startServices()
    #expect(log.starts() == ["C"])
    #expect(root.mail.b.name == "own B")
    try await services.stop()
  }

  @Test func discoveryOfAGenericEnvironmentThatDerivesANewTypeAtEachLevelEnds() async throws {
    let log = ServiceLog()
    let root = Level<Int>().with(ServiceLogKey.self, log)
    let services = try await root.startServices()
    #expect(log.starts() == ["C"])
    try await services.stop()
  }
}
