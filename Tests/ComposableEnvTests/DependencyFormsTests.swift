import ComposableEnv
import ComposableEnvTesting
import Foundation
import TestSupport
import Testing

// The forms of `@Dependency` that swift-dependencies code writes: a key path into a dependency's
// value, a test-only key type, and `as:`. Keys of these tests only.

/// A client made of closures and a stored constant, for key paths that go on into it.
struct FormsClient: Sendable {
  var fetch: @Sendable () -> String
  let version: Int
}

/// What `@Dependency(_:as:)` casts to and from.
protocol FormsService: Sendable {
  var isLive: Bool { get }
}

struct LiveFormsService: FormsService {
  var isLive: Bool { true }
}

struct TestFormsService: FormsService {
  var name = "test"
  var isLive: Bool { false }
}

extension DependencyKeys {
  fileprivate enum FormsClientKey: DependencyKey {
    static var defaultValue: FormsClient { FormsClient(fetch: { "live" }, version: 1) }
    static var testValue: FormsClient { FormsClient(fetch: { "test" }, version: 2) }
  }

  fileprivate enum FormsServiceKey: DependencyKey {
    static var defaultValue: any FormsService { LiveFormsService() }
    static var testValue: any FormsService { TestFormsService() }
  }

  /// A key whose module declares only its test value (an interface module's).
  fileprivate enum FormsTestOnlyKey: TestDependencyKey {
    static var testValue: String { "interface test value" }
  }
}

extension Dependencies {
  fileprivate var formsClient: FormsClient {
    get { self[DependencyKeys.FormsClientKey.self] }
    set { self[DependencyKeys.FormsClientKey.self] = newValue }
  }

  fileprivate var formsService: any FormsService {
    get { self[DependencyKeys.FormsServiceKey.self] }
    set { self[DependencyKeys.FormsServiceKey.self] = newValue }
  }

  fileprivate var formsTestOnly: String {
    get { self[DependencyKeys.FormsTestOnlyKey.self] }
    set { self[DependencyKeys.FormsTestOnlyKey.self] = newValue }
  }

  /// Read-only: a key path through it has no setter at all.
  fileprivate var formsClientVersion: Int { self[DependencyKeys.FormsClientKey.self].version }
}

private final class FormsEnvironment: ComposableEnvironment {
  @Dependency(\.date.now) var now
  @Dependency(\.formsClient.fetch) var fetch
  @Dependency(\.formsClient.version) var version
  @Dependency(\.formsClientVersion) var readOnlyVersion
  @Dependency(DependencyKeys.FormsTestOnlyKey.self) var testOnly
  @Dependency(\.formsService, as: TestFormsService.self) var serviceByKeyPath
  @Dependency(DependencyKeys.FormsServiceKey.self, as: TestFormsService.self) var serviceByKey
}

@Suite struct DependencyFormsTests {
  @Test func aKeyPathIntoADependencysValueReadsTheValueWithin() {
    let date = Date(timeIntervalSince1970: 1_000)
    #expect(FormsEnvironment().with(\.date, .constant(date)).now == date)
  }

  @Test func aKeyPathIntoALiveGeneratorReadsAFreshValueAtEachRead() {
    let counter = Counter()
    let environment = FormsEnvironment().with(
      \.date,
      DateGenerator {
        counter.increment()
        return Date(timeIntervalSince1970: Double(counter.count))
      })
    let first = environment.now
    let second = environment.now
    #expect(first == Date(timeIntervalSince1970: 1))
    #expect(second == Date(timeIntervalSince1970: 2))
  }

  @Test func aKeyPathIntoADependencyFollowsAWrite() {
    let environment = FormsEnvironment()
      .with(\.formsClient, FormsClient(fetch: { "first" }, version: 3))
    #expect(environment.fetch() == "first")
    environment.with(\.formsClient, FormsClient(fetch: { "second" }, version: 4))
    #expect(environment.fetch() == "second")
    #expect(environment.version == 4)
  }

  @Test func aKeyPathEndingInAReadOnlyPropertyReads() {
    let environment = FormsEnvironment()
      .with(\.formsClient, FormsClient(fetch: { "set" }, version: 5))
    #expect(environment.version == 5)
    #expect(environment.readOnlyVersion == 5)
  }

  @Test(.dependencyTestContext) func aKeyPathIntoADependencyReadsItsTestValueInATest() {
    let environment = FormsEnvironment()
    #expect(environment.fetch() == "test")
    #expect(environment.version == 2)
  }

  @Test(.dependencyTestContext) func aTestOnlyKeyTypeReadsItsTestValue() {
    #expect(FormsEnvironment().testOnly == "interface test value")
  }

  @Test func aTestOnlyKeyTypeReadsTheValueSetForIt() {
    #expect(FormsEnvironment().with(\.formsTestOnly, "set").testOnly == "set")
  }

  @Test(.dependencyTestContext) func asCastsAKeyPathsValueToTheTypeTheTestSet() {
    let environment = FormsEnvironment().with(\.formsService, TestFormsService(name: "set"))
    #expect(environment.serviceByKeyPath.name == "set")
    #expect(environment.serviceByKey.name == "set")
  }

  @Test(.dependencyTestContext) func asCastsATestValue() {
    #expect(FormsEnvironment().serviceByKeyPath.name == "test")
    #expect(FormsEnvironment().serviceByKey.name == "test")
  }

  #if compiler(>=6.2)  // exit tests (Swift Testing 6.2)
    @Test func asStopsWithAMessageWhenTheValueIsOfAnotherType() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = FormsEnvironment().with(\.formsService, LiveFormsService()).serviceByKeyPath
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("read a LiveFormsService, which is not a TestFormsService"))
      #expect(message.contains("declared at ComposableEnvTests/DependencyFormsTests.swift:"))
    }

    @Test func asByKeyStopsNamingTheKey() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = FormsEnvironment().with(\.formsService, LiveFormsService()).serviceByKey
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "@Dependency(DependencyKeys.FormsServiceKey.self, as: TestFormsService.self)"))
    }
  #endif
}
