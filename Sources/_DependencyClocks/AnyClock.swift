/// Any clock whose durations are `Duration`, as one concrete type: for an API that takes a clock
/// as a generic parameter or stores one of a single type (a debounce, a throttle, a timer), handed
/// a clock that code holds as `any Clock<Duration>`, such as the `continuousClock` dependency.
///
/// ```swift
/// import GlobalEnv
///
/// /// A model that stores its clock as one type, whatever clock its dependency holds.
/// final class Stopwatch {
///   @Dependency(\.continuousClock) var continuousClock
///
///   func lap() async throws -> Duration {
///     let clock = AnyClock(continuousClock)
///     let start = clock.now
///     try await clock.sleep(for: .seconds(1))
///     return start.duration(to: clock.now)
///   }
/// }
/// ```
///
/// Its instants count from the moment it was made: `now` is how far the erased clock has moved
/// since, and a sleep until an instant sleeps on the erased clock until the instant as far from
/// that moment. So a `TestClock` erased this way still sees every sleep, and wakes it when
/// advanced.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class AnyClock<Duration: DurationProtocol & Hashable>: Clock {
  /// The clock's instants: offsets from the moment it was made.
  ///
  /// ```swift
  /// let deadline: AnyClock<Duration>.Instant = clock.now.advanced(by: .seconds(1))
  /// ```
  public typealias Instant = OffsetInstant<Duration>

  /// How far the erased clock has moved since this one was made.
  private let elapsed: @Sendable () -> Duration
  /// The erased clock's minimum resolution.
  private let resolution: @Sendable () -> Duration
  /// Sleeps on the erased clock until it is the given duration past the moment this one was made.
  private let sleepUntilElapsed: @Sendable (Duration, Duration?) async throws -> Void

  /// Erases `clock`: reads its `now` once, as the start of this clock's instants.
  ///
  /// ```swift
  /// let clock = AnyClock(ContinuousClock())
  /// ```
  public init<Base: Clock>(_ clock: Base) where Base.Duration == Duration {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    resolution = { clock.minimumResolution }
    sleepUntilElapsed = { offset, tolerance in
      try await clock.sleep(until: origin.advanced(by: offset), tolerance: tolerance)
    }
  }

  /// How far the erased clock has moved since this one was made.
  ///
  /// ```swift
  /// let start = clock.now
  /// ```
  public var now: Instant { Instant(offset: elapsed()) }

  /// The erased clock's minimum resolution.
  ///
  /// ```swift
  /// #expect(AnyClock(ImmediateClock()).minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { resolution() }

  /// Sleeps on the erased clock until `deadline`, with its cancellation and its errors.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepUntilElapsed(deadline.offset, tolerance)
  }
}
