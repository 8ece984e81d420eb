// Written as a swift-dependencies 1.x user writes it: only the imports differ
// (`import GlobalEnv` in place of `import Dependencies`, `import GlobalEnvTesting` in place of
// `import DependenciesTestSupport`).
import Foundation
import GlobalEnv
import GlobalEnvTesting
import Testing

/// swift-dependencies' built-in dependencies and `unimplemented`.
@Suite struct BuiltInTests {
  @Test(.dependency(\.uuid, .incrementing))
  func incrementingUUIDsCountUp() {
    let model = FeatureModel()

    #expect(model.uuid() == UUID(0))
    #expect(model.uuid() == UUID(1))
    #expect(model.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000002"))
  }

  @Test func theGreetingArrivesWhenTheClockAdvancesASecond() async throws {
    let clock = TestClock()
    let model = withDependencies {
      $0.continuousClock = clock
    } operation: {
      FeatureModel()
    }

    let greeting = Task { try await model.greetAfterASecond("Blob") }
    // This library's addition: wait until the task sleeps on the clock (swift-clocks' TestClock
    // has no `waitForSleepers`; its `advance` yields a fixed number of times instead).
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))

    #expect(try await greeting.value == "Hello, test Blob!")
  }

  @Test func aSeededGeneratorRollsTheSameDiceEachTime() {
    func rolls() -> [Int] {
      let model = withDependencies {
        $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 42))
      } operation: {
        FeatureModel()
      }
      return (1...10).map { _ in model.rollDie() }
    }

    let first = rolls()

    #expect(first == rolls())
    #expect(first.allSatisfy { (1...6).contains($0) })
  }

  @Test func fireAndForgetFinishesItsWorkBeforeReturningInATest() async {
    let events = EventLog()
    let model = withDependencies {
      $0.analytics.track = { event in await events.append(event) }
    } operation: {
      FeatureModel()
    }

    await model.logOut()

    #expect(await events.events == ["logOut"])
  }

  @Test func anUnimplementedEndpointFailsTheTestThatCallsIt() async {
    let model = FeatureModel()

    await withKnownIssue {
      try await model.addFact(about: 1)
    }
    #expect(model.facts.isEmpty)
  }

  @Test func anUnimplementedEndpointWithAPlaceholderReturnsIt() {
    let count: @Sendable () -> Int = unimplemented("count", placeholder: 7)

    withKnownIssue {
      #expect(count() == 7)
    }
  }
}

/// A seeded generator, as swift-dependencies' users write one (a linear congruential one);
/// `nonisolated`, as `WithRandomNumberGenerator` needs it `Sendable` in either module.
private nonisolated struct LCRNG: RandomNumberGenerator, Sendable {
  var seed: UInt64
  mutating func next() -> UInt64 {
    seed = 2_862_933_555_777_941_757 &* seed &+ 3_037_000_493
    return seed
  }
}

/// The events a test's analytics client receives.
private actor EventLog {
  var events: [String] = []
  func append(_ event: String) { events.append(event) }
}
