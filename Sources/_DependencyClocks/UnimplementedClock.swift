import DependencyValues

/// A clock that fails the test that uses it, naming itself: a test value for a clock that a test
/// does not expect its code to use. Reading `now` or `minimumResolution`, or sleeping, records a
/// failure (at the line that made the clock), then does what the clock it wraps does: by default
/// an `ImmediateClock`, so a sleep returns at once and the test goes on.
///
/// ```swift
/// import GlobalEnv
///
/// enum AnimationClockKey: DependencyKey {
///   static let liveValue: any Clock<Duration> = ContinuousClock()
///   static let previewValue: any Clock<Duration> = ImmediateClock()
///   static let testValue: any Clock<Duration> = UnimplementedClock(name: "animationClock")
/// }
/// ```
///
/// Outside a test (no testing module loaded), the failure is written to standard error.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct UnimplementedClock<Duration: DurationProtocol & Hashable>: Clock {
  /// The clock's instants: offsets from the moment it was made.
  ///
  /// ```swift
  /// let deadline: UnimplementedClock<Duration>.Instant = clock.now.advanced(by: .seconds(1))
  /// ```
  public typealias Instant = OffsetInstant<Duration>

  /// The clock that answers after each failure.
  private let base: AnyClock<Duration>
  /// What the failures call the clock.
  private let name: String
  /// Where the clock was made: where the failures are attributed.
  private let location: TestFailureLocation

  /// A clock that fails the test that uses `base`, then does what `base` does. It is named for
  /// `base`'s type unless `name` says otherwise.
  ///
  /// ```swift
  /// let clock = UnimplementedClock(TestClock(), name: "timerClock")
  /// ```
  public init<Base: Clock>(
    _ base: Base, name: String = "\(Base.self)",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where Base.Duration == Duration {
    self.base = AnyClock(base)
    self.name = name
    location = TestFailureLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }

  /// A clock named `name` that fails the test that uses it, then does what an `ImmediateClock` at
  /// `now` does.
  ///
  /// ```swift
  /// let clock = UnimplementedClock<Duration>(name: "continuousClock", now: .init())
  /// ```
  public init(
    name: String = "Clock", now: ImmediateClock<Duration>.Instant = .init(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      ImmediateClock(now: now), name: name,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Fails the test, then gives the wrapped clock's `now`.
  ///
  /// ```swift
  /// withKnownIssue { _ = clock.now }
  /// ```
  public var now: Instant {
    reportUse(of: "now")
    return base.now
  }

  /// Fails the test, then gives the wrapped clock's minimum resolution.
  ///
  /// ```swift
  /// withKnownIssue { _ = clock.minimumResolution }
  /// ```
  public var minimumResolution: Duration {
    reportUse(of: "minimumResolution")
    return base.minimumResolution
  }

  /// Fails the test, then sleeps on the wrapped clock (which, by default, returns at once).
  ///
  /// ```swift
  /// await withKnownIssue { try await clock.sleep(for: .seconds(1)) }
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    reportUse(of: "sleep")
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// Records the failure of a use of `member`, naming the clock.
  private func reportUse(of member: String) {
    TestFailureReporting.record(
      """
      Unimplemented: \(name).\(member) was used. This clock fails the test that uses it: give \
      the test a clock of its own (a TestClock or an ImmediateClock), or use one that implements \
      it.
      """,
      at: location)
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension UnimplementedClock where Duration == Swift.Duration {
  /// A clock of `Swift.Duration` named `name` that fails the test that uses it.
  ///
  /// ```swift
  /// let clock = UnimplementedClock(name: "continuousClock")
  /// ```
  public init(
    name: String = "Clock",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      name: name, now: .init(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Clock where Self == UnimplementedClock<Swift.Duration> {
  /// A clock named `name` that fails the test that uses it (an ``UnimplementedClock``).
  ///
  /// ```swift
  /// let clock: UnimplementedClock<Duration> = .unimplemented("continuousClock")
  /// ```
  public static func unimplemented(
    _ name: String = "Clock",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    UnimplementedClock(name: name, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
