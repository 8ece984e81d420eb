import _EnvironmentCore

/// A clock whose sleeps return at once, moving its `now` to their deadline: for tests of code
/// that waits (a retry with back-off, a timeout that does not fire) where how long it waits does
/// not matter.
///
/// ```swift
/// let clock = ImmediateClock()
/// let model = RetryModel(environment: ClockEnvironment().with(\.continuousClock, clock))
/// try await model.load()  // sleeps 1 s, 2 s, 4 s: returns at once
/// #expect(clock.now.offset == .seconds(7))
/// ```
///
/// A sleep honours cancellation: in a cancelled task it throws `CancellationError`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, @unchecked Sendable
{
  // `@unchecked Sendable`: `current` is only read and changed under its lock.
  /// The clock's instants: offsets from its start.
  ///
  /// ```swift
  /// let deadline: ImmediateClock<Duration>.Instant = clock.now.advanced(by: .seconds(1))
  /// ```
  public typealias Instant = OffsetInstant<Duration>

  private let current: LockedValue<Instant>

  /// A clock at `now`.
  ///
  /// ```swift
  /// let clock = ImmediateClock(now: OffsetInstant(offset: Duration.seconds(60)))
  /// ```
  public init(now: Instant) {
    current = .make(now)
  }

  /// The clock's current instant: its start, moved to the deadline of each sleep.
  ///
  /// ```swift
  /// let before = clock.now
  /// ```
  public var now: Instant { current.withLock { $0 } }

  /// No minimum: any duration can be slept.
  ///
  /// ```swift
  /// #expect(clock.minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { .zero }

  /// Moves `now` to `deadline` (if later) and returns, after yielding to other tasks; throws
  /// `CancellationError` in a cancelled task.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(5)), tolerance: nil)
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    // Lets other tasks run, as a real sleep would; no more is waited for.
    await Task.yield()
    try Task.checkCancellation()
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ImmediateClock where Duration == Swift.Duration {
  /// A clock of `Swift.Duration` at its start.
  ///
  /// ```swift
  /// let environment = ClockEnvironment().with(\.continuousClock, ImmediateClock())
  /// ```
  public convenience init() {
    self.init(now: Instant())
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Clock where Self == ImmediateClock<Swift.Duration> {
  /// A new ``ImmediateClock`` of `Swift.Duration`, at its start: for a preview, whose sleeps
  /// should not wait.
  ///
  /// ```swift
  /// let clock: ImmediateClock<Duration> = .immediate
  /// ```
  public static var immediate: Self { ImmediateClock() }
}
