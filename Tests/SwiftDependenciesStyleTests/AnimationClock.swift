// Written as a swift-dependencies 1.x user writes app code: only the import differs
// (`import GlobalEnv` in place of `import Dependencies`), and it is the only import, as in an app
// target: swift-clocks' clocks come with it (`ImmediateClock` for previews, `UnimplementedClock`
// for tests, `AnyClock` to hand a clock to an API that takes a concrete one). The
// key and the entry are `nonisolated`, as swift-dependencies asks where the main actor is the
// default isolation.
import GlobalEnv

/// The clock a feature's animations wait on: immediate in previews, unimplemented in tests.
nonisolated enum AnimationClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let previewValue: any Clock<Duration> = ImmediateClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(name: "animationClock")
}

extension DependencyValues {
  nonisolated var animationClock: any Clock<Duration> {
    get { self[AnimationClockKey.self] }
    set { self[AnimationClockKey.self] = newValue }
  }
}

/// A model that fades a banner in over a second, on a concrete clock (as an API taking
/// `some Clock` would need).
final class BannerModel {
  @Dependency(\.animationClock) var animationClock
  private(set) var opacity = 0.0

  var clock: AnyClock<Duration> { AnyClock(animationClock) }

  func fadeIn() async throws {
    for await _ in clock.timer(interval: .milliseconds(250)).prefix(4) {
      opacity += 0.25
    }
  }
}
