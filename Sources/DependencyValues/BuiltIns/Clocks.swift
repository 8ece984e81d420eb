/// The key of `Dependencies.continuousClock`: the system's `ContinuousClock`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private enum ContinuousClockKey: BuiltInDependencyKey {
  static var defaultValue: any Clock<Duration> { ContinuousClock() }
}

/// The key of `Dependencies.suspendingClock`: the system's `SuspendingClock`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private enum SuspendingClockKey: BuiltInDependencyKey {
  static var defaultValue: any Clock<Duration> { SuspendingClock() }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Dependencies {
  /// A clock that keeps running while the system sleeps: `ContinuousClock` unless a test or an
  /// environment sets it (a test sets a `TestClock` or an `ImmediateClock`, a preview an
  /// `ImmediateClock`: both environment modules re-export them). A test that reads it without
  /// setting it fails, naming it.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// try await clock.sleep(for: .milliseconds(300))  // a debounce
  /// ```
  ///
  /// Disfavored, so that a `continuousClock` you declare on `Dependencies` yourself is the one
  /// your code reads, in any module.
  @_disfavoredOverload
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// A clock that stops while the system sleeps: `SuspendingClock` unless a test or an
  /// environment sets it. A test that reads it without setting it fails, naming it.
  ///
  /// ```swift
  /// @Dependency(\.suspendingClock) var clock
  /// try await clock.sleep(for: .seconds(1))
  /// ```
  ///
  /// Disfavored, so that a `suspendingClock` you declare on `Dependencies` yourself is the one
  /// your code reads, in any module.
  @_disfavoredOverload
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}
