import ComposableEnv
import ComposableEnvTesting
import Foundation
import TestSupport
import Testing

private final class BuiltInRoot: ComposableEnvironment {
  @Dependency(\.date) var date
  @Dependency(\.uuid) var uuid
  @Dependency(\.calendar) var calendar
  @Dependency(\.locale) var locale
  @Dependency(\.timeZone) var timeZone
  @Dependency(\.context) var context
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  @Dependency(\.continuousClock) var continuousClock
  @Dependency(\.suspendingClock) var suspendingClock
}

/// The built-in dependencies: live values are the system's, tests set them, and a test that reads
/// one it did not set fails, naming it.
@Suite struct BuiltInDependencyTests {
  @Test(.dependencyContext(.live)) func theLiveDateIsTheSystemsNow() {
    let before = Date()
    let now = BuiltInRoot().date.now
    #expect(before <= now && now <= Date())
  }

  @Test func aConstantDateIsGivenEveryTime() {
    let fixed = Date(timeIntervalSince1970: 1_234_567_890)
    let environment = BuiltInRoot().with(\.date, .constant(fixed))
    #expect(environment.date() == fixed)
    #expect(environment.date.now == fixed)
  }

  @Test(.dependencyContext(.live)) func liveIdentifiersAreRandom() {
    let environment = BuiltInRoot()
    #expect(environment.uuid() != environment.uuid())
  }

  @Test func incrementingIdentifiersCountFromZero() {
    let environment = BuiltInRoot().with(\.uuid, .incrementing)
    #expect(environment.uuid() == UUID(0))
    #expect(environment.uuid() == UUID(1))
    #expect(environment.uuid().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func eachIncrementingGeneratorCountsOnItsOwn() {
    let first = UUIDGenerator.incrementing
    let second = UUIDGenerator.incrementing
    _ = first()
    #expect(second() == UUID(0))
    #expect(first() == UUID(1))
  }

  @Test func anIncrementingGeneratorGivesEachNumberOnceAcrossThreads() {
    let generator = UUIDGenerator.incrementing
    let made = Shared<[UUID]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      let ids = (0..<500).map { _ in generator() }
      made.update { $0 += ids }
    }
    #expect(Set(made.value) == Set((0..<2_000).map { UUID($0) }))
  }

  @Test func aNumberedIdentifierShowsItsNumberInHexadecimal() {
    #expect(UUID(10).uuidString == "00000000-0000-0000-0000-00000000000A")
    #expect(UUID(0xABCDEF).uuidString == "00000000-0000-0000-0000-000000ABCDEF")
  }

  @Test func aConstantIdentifierIsGivenEveryTime() {
    let environment = BuiltInRoot().with(\.uuid, .constant(UUID(7)))
    #expect(environment.uuid() == UUID(7))
    #expect(environment.uuid() == UUID(7))
  }

  @Test(.dependencyContext(.live)) func theRegionalSettingsAreTheSystemsUntilSet() {
    let environment = BuiltInRoot()
    #expect(environment.calendar == Calendar.autoupdatingCurrent)
    #expect(environment.locale == Locale.autoupdatingCurrent)
    #expect(environment.timeZone == TimeZone.autoupdatingCurrent)
    let paris = TimeZone(identifier: "Europe/Paris")!
    let set = environment.with(\.timeZone, paris).with(\.locale, Locale(identifier: "fr_FR"))
      .with(\.calendar, Calendar(identifier: .buddhist))
    #expect(set.timeZone == paris)
    #expect(set.locale.identifier == "fr_FR")
    #expect(set.calendar.identifier == .buddhist)
  }

  @Test(.dependencyContext(.live)) func theLiveClocksAreTheSystems() {
    let environment = BuiltInRoot()
    #expect(environment.continuousClock is ContinuousClock)
    #expect(environment.suspendingClock is SuspendingClock)
  }

  @Test func aClockIsSetLikeAnyDependency() {
    let clock = TestClock()
    let environment = BuiltInRoot().with(\.continuousClock, clock)
    #expect((environment.continuousClock as? TestClock<Duration>) === clock)
  }

  @Test func theContextIsTestInATestProcessOutsideAnyTestContext() {
    #expect(BuiltInRoot().context == .test)
  }

  @Test func theContextIsLiveInALiveContext() {
    #expect(withDependencyContext(.live) { BuiltInRoot().context } == .live)
  }

  @Test func theContextIsPreviewInAPreviewContext() {
    #expect(withDependencyContext(.preview) { BuiltInRoot().context } == .preview)
  }

  @Test func theContextIsTestInATestContext() {
    #expect(withDependencyTestContext { BuiltInRoot().context } == .test)
  }

  @Test func theContextCanBeSet() {
    #expect(BuiltInRoot().with(\.context, .preview).context == .preview)
  }

  /// (A report would be an issue of this test.)
  @Test func readingTheContextInATestReportsNothing() {
    #expect(withDependencyTestContext { BuiltInRoot().context } == .test)
  }

  @Test func readingTheDateInATestWithoutSettingItFailsNamingIt() {
    let messages = recordedIssues { _ = withDependencyTestContext { BuiltInRoot().date.now } }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("\\Dependencies.date") == true)
    #expect(messages.first?.contains("built-in dependency") == true)
    #expect(messages.first?.contains("static var testValue") == false)
  }

  @Test func readingEveryUnsetBuiltInInATestFailsOncePerDependency() {
    let messages = recordedIssues {
      withDependencyTestContext {
        let environment = BuiltInRoot()
        _ = environment.uuid
        _ = environment.calendar
        _ = environment.locale
        _ = environment.timeZone
        _ = environment.withRandomNumberGenerator
        _ = environment.continuousClock
        _ = environment.suspendingClock
        _ = environment.uuid
      }
    }
    #expect(messages.count == 7)
    for name in [
      "uuid", "calendar", "locale", "timeZone", "withRandomNumberGenerator", "continuousClock",
      "suspendingClock",
    ] {
      #expect(messages.contains { $0.contains("\\Dependencies.\(name)") }, "\(name)")
    }
  }

  /// (A report would be an issue of this test.)
  @Test func aBuiltInSetInATestReportsNothing() {
    let now = withDependencyTestContext {
      BuiltInRoot().with(\.date, .constant(Date(timeIntervalSince1970: 0))).date.now
    }
    #expect(now == Date(timeIntervalSince1970: 0))
  }

  @Test func aSeededGeneratorGivesTheSameNumbersEveryRun() {
    func rolls() -> [Int] {
      let environment = BuiltInRoot().with(
        \.withRandomNumberGenerator, WithRandomNumberGenerator(SeededGenerator(seed: 42)))
      return (0..<5).map { _ in
        environment.withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
      }
    }
    #expect(rolls() == rolls())
  }

  @Test func aGeneratorKeepsItsStateFromCallToCall() {
    let generator = WithRandomNumberGenerator(SeededGenerator(seed: 7))
    let first = generator { $0.next() }
    let second = generator { $0.next() }
    var expected = SeededGenerator(seed: 7)
    #expect([first, second] == [expected.next(), expected.next()])
  }

  @Test func aNestedUseOfASetGeneratorUsesTheSystemsAndReportsIt() {
    let generator = WithRandomNumberGenerator(SeededGenerator(seed: 1))
    let messages = recordedIssues {
      generator { outer in
        _ = outer.next()
        _ = generator { $0.next() }
      }
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.contains("withRandomNumberGenerator was used while another use") == true)
    // The nested call did not disturb the generator's sequence.
    var expected = SeededGenerator(seed: 1)
    _ = expected.next()
    #expect(generator { $0.next() } == expected.next())
  }

  /// (A report would be an issue of this test.)
  @Test func theSystemsGeneratorIsSharedFreely() {
    let generator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
    let numbers = generator { outer in [outer.next(), generator { $0.next() }] }
    #expect(numbers.count == 2)
  }
}
