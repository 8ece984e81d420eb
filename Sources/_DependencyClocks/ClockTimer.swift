@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Clock where Duration: Hashable {
  /// The clock's `now`, once every `interval`: the first after one interval, then on the same
  /// grid (a consumer that falls behind gets one tick at once for those it missed). The sequence
  /// ends when the task iterating it is cancelled, or a sleep on the clock throws.
  ///
  /// ```swift
  /// import GlobalEnv
  ///
  /// final class TimerModel {
  ///   @Dependency(\.continuousClock) var clock
  ///   private(set) var ticks = 0
  ///
  ///   func start() async {
  ///     for await _ in clock.timer(interval: .seconds(1)) {
  ///       ticks += 1
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// It sleeps on the clock through an ``AnyClock``, so that it can be made from a clock held as
  /// `any Clock<Duration>`: a `TestClock` sees each sleep, and wakes it when advanced. `interval`
  /// must be positive.
  public func timer(interval: Duration, tolerance: Duration? = nil) -> ClockTimerSequence<Duration>
  {
    precondition(interval > .zero, "A timer's interval must be positive, not \(interval).")
    return ClockTimerSequence(clock: AnyClock(self), interval: interval, tolerance: tolerance)
  }
}

/// The ticks of `Clock.timer(interval:tolerance:)`: the clock's `now` once every
/// interval, until the iterating task is cancelled.
///
/// ```swift
/// for await tick in clock.timer(interval: .seconds(1)).prefix(3) {
///   print(tick)
/// }
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct ClockTimerSequence<Duration: DurationProtocol & Hashable>: AsyncSequence, Sendable {
  /// A tick: the clock's `now` when the timer woke.
  ///
  /// ```swift
  /// let tick: ClockTimerSequence<Duration>.Element = clock.now
  /// ```
  public typealias Element = AnyClock<Duration>.Instant

  private let clock: AnyClock<Duration>
  private let interval: Duration
  private let tolerance: Duration?

  init(clock: AnyClock<Duration>, interval: Duration, tolerance: Duration?) {
    self.clock = clock
    self.interval = interval
    self.tolerance = tolerance
  }

  /// An iterator whose first tick comes one interval after its first `next()`.
  ///
  /// ```swift
  /// var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
  /// ```
  public func makeAsyncIterator() -> Iterator {
    Iterator(clock: clock, interval: interval, tolerance: tolerance)
  }

  /// Sleeps on the clock until each tick.
  ///
  /// ```swift
  /// let first = await ticks.next()
  /// ```
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    private let clock: AnyClock<Duration>
    private let interval: Duration
    private let tolerance: Duration?
    /// The deadline of the last tick, which the next one follows by an interval.
    private var lastDeadline: Element?
    /// Set once a sleep throws: the sequence has ended.
    private var ended = false

    init(clock: AnyClock<Duration>, interval: Duration, tolerance: Duration?) {
      self.clock = clock
      self.interval = interval
      self.tolerance = tolerance
    }

    /// Sleeps until the next tick and gives the clock's `now` then; `nil` once the task is
    /// cancelled (or a sleep throws), and from then on.
    ///
    /// ```swift
    /// while let tick = await ticks.next() { print(tick) }
    /// ```
    public mutating func next() async -> Element? {
      guard !ended else { return nil }
      let deadline = nextDeadline(after: clock.now)
      do {
        try await clock.sleep(until: deadline, tolerance: tolerance)
      } catch {
        ended = true
        return nil
      }
      lastDeadline = deadline
      return clock.now
    }

    /// The next tick's deadline: one interval after `now` for the first tick, then one interval
    /// after the last tick's. A consumer that fell behind that gets one tick at once, on the last
    /// point of the timer's grid before `now`, for all the ticks it missed; the grid goes on.
    private func nextDeadline(after now: Element) -> Element {
      guard let lastDeadline else { return now.advanced(by: interval) }
      let next = lastDeadline.advanced(by: interval)
      guard next < now else { return next }
      let missed = Int((next.duration(to: now) / interval).rounded(.up))
      return lastDeadline.advanced(by: interval * missed)
    }
  }
}
