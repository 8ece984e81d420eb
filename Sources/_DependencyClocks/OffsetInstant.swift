/// An instant of a `TestClock`, an `ImmediateClock`, an `AnyClock` or an `UnimplementedClock`: how
/// far it is from the clock's start.
///
/// ```swift
/// let clock = TestClock()
/// let deadline = clock.now.advanced(by: .seconds(1))  // OffsetInstant(offset: .seconds(1))
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct OffsetInstant<Duration: DurationProtocol & Hashable>: InstantProtocol {
  /// How far this instant is from the clock's start.
  ///
  /// ```swift
  /// #expect(clock.now.offset == .seconds(1))
  /// ```
  public let offset: Duration

  /// The instant `offset` after the clock's start.
  ///
  /// ```swift
  /// let start = OffsetInstant<Duration>()  // offset .zero
  /// ```
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  /// The instant `duration` after this one.
  ///
  /// ```swift
  /// let later = clock.now.advanced(by: .milliseconds(300))
  /// ```
  public func advanced(by duration: Duration) -> OffsetInstant {
    OffsetInstant(offset: offset + duration)
  }

  /// The duration from this instant to `other`.
  ///
  /// ```swift
  /// let elapsed = start.duration(to: clock.now)
  /// ```
  public func duration(to other: OffsetInstant) -> Duration {
    other.offset - offset
  }

  /// Whether `lhs` comes before `rhs`.
  ///
  /// ```swift
  /// #expect(start < clock.now)
  /// ```
  public static func < (lhs: OffsetInstant, rhs: OffsetInstant) -> Bool {
    lhs.offset < rhs.offset
  }
}
