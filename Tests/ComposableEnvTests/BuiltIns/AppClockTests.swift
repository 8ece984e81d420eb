// App code as an app target writes it, with `import ComposableEnv` alone (no testing product):
// the clocks a preview or a test value needs come with the module.
import ComposableEnv
import Testing

/// The clock a splash screen waits on: immediate in previews, unimplemented in tests.
private enum SplashClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let previewValue: any Clock<Duration> = ImmediateClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(name: "splashClock")
}

extension Dependencies {
  fileprivate var splashClock: any Clock<Duration> {
    get { self[SplashClockKey.self] }
    set { self[SplashClockKey.self] = newValue }
  }
}

private final class SplashEnvironment: ComposableEnvironment {
  @Dependency(\.splashClock) var clock
}

/// Clocks in app code: `ImmediateClock`, `UnimplementedClock` and `AnyClock` with
/// `import ComposableEnv` alone.
@Suite struct AppClockTests {
  @Test func aPreviewSleepsOnTheImmediateClockOfItsKeyAndReturnsAtOnce() async throws {
    let clock = AnyClock(SplashEnvironment().with(\.context, .preview).clock)
    let start = clock.now

    try await clock.sleep(for: .seconds(3))

    #expect(start.duration(to: clock.now) == .seconds(3))
  }

  @Test func aTestThatReadsTheTimeOfTheUnimplementedClockOfItsKeyFails() {
    let clock = SplashEnvironment().with(\.context, .test).clock

    withKnownIssue {
      _ = clock.now
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("splashClock.now") }
    }
  }
}
