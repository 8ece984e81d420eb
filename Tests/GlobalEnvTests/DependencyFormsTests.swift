import Foundation
import GlobalEnv
import GlobalEnvTesting
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
}

private struct FormsModel {
  @Dependency(\.date.now) var now
  @Dependency(\.formsClient.fetch) var fetch
  @Dependency(\.formsClient.version) var version
  @Dependency(DependencyKeys.FormsTestOnlyKey.self) var testOnly
  @Dependency(\.formsService, as: TestFormsService.self) var serviceByKeyPath
  @Dependency(DependencyKeys.FormsServiceKey.self, as: TestFormsService.self) var serviceByKey
}

@Suite struct GlobalDependencyFormsTests {
  @Test func aKeyPathIntoADependencysValueReadsTheValueWithin() {
    let date = Date(timeIntervalSince1970: 1_000)
    let now = Dependencies.withValues {
      $0.date = .constant(date)
    } operation: {
      FormsModel().now
    }
    #expect(now == date)
  }

  @Test func aKeyPathIntoALiveGeneratorReadsAFreshValueAtEachRead() {
    let counter = Counter()
    let generator = DateGenerator {
      counter.increment()
      return Date(timeIntervalSince1970: Double(counter.count))
    }
    let dates = Dependencies.withValues {
      $0.date = generator
    } operation: {
      let model = FormsModel()
      return [model.now, model.now]
    }
    #expect(dates == [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2)])
  }

  @Test func aKeyPathIntoADependencyReadsTheScopesValue() {
    let (fetched, version) = Dependencies.withValues {
      $0.formsClient = FormsClient(fetch: { "scoped" }, version: 3)
    } operation: {
      let model = FormsModel()
      return (model.fetch(), model.version)
    }
    #expect(fetched == "scoped")
    #expect(version == 3)
  }

  @Test(.dependencyTestContext) func aKeyPathIntoADependencyReadsItsTestValueInATest() {
    #expect(FormsModel().fetch() == "test")
    #expect(FormsModel().version == 2)
  }

  @Test func aLocalPropertyReadsAKeyPathIntoADependency() {
    let date = Date(timeIntervalSince1970: 7)
    let now = Dependencies.withValues {
      $0.date = .constant(date)
    } operation: {
      @Dependency(\.date.now) var now
      return now
    }
    #expect(now == date)
  }

  @Test(.dependencyTestContext) func aTestOnlyKeyTypeReadsItsTestValue() {
    #expect(FormsModel().testOnly == "interface test value")
  }

  @Test(.dependencies { $0.formsTestOnly = "set" })
  func aTestOnlyKeyTypeReadsTheValueSetForIt() {
    #expect(FormsModel().testOnly == "set")
  }

  @Test(.dependencies { $0.formsService = TestFormsService(name: "set") })
  func asCastsTheValueToTheTypeTheTestSet() {
    #expect(FormsModel().serviceByKeyPath.name == "set")
    #expect(FormsModel().serviceByKey.name == "set")
  }

  @Test(.dependencyTestContext) func asCastsATestValue() {
    #expect(FormsModel().serviceByKeyPath.name == "test")
    #expect(FormsModel().serviceByKey.name == "test")
  }

  #if compiler(>=6.2)  // exit tests (Swift Testing 6.2)
    @Test func asStopsWithAMessageWhenTheValueIsOfAnotherType() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Dependencies.withValues {
          $0.formsService = LiveFormsService()
        } operation: {
          _ = FormsModel().serviceByKeyPath
        }
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("read a LiveFormsService, which is not a TestFormsService"))
      #expect(message.contains("declared at GlobalEnvTests/DependencyFormsTests.swift:"))
    }
  #endif
}
