#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes "now": the value of the built-in `date` dependency.
///
/// Code that needs the current date reads it from the dependency, so that a test can fix it:
///
/// ```swift
/// import Foundation
/// import GlobalEnv
///
/// struct Stamp { @Dependency(\.date) var date }
/// print("created at", Stamp().date.now)  // the system's date
///
/// // In a test: a fixed "now".
/// let epoch = Date(timeIntervalSince1970: 0)
/// let stamped = Dependencies.withValues { $0.date = .constant(epoch) } operation: { Stamp() }
/// assert(stamped.date.now == epoch)
/// ```
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// A generator that calls `generate` for each date.
  ///
  /// ```swift
  /// let clock = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) }
  /// ```
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date, as this generator makes it. Setting it makes the generator give that date
  /// from then on, as swift-dependencies does: the same as setting `.constant(date)`.
  ///
  /// ```swift
  /// let created = date.now
  /// // In a test: withValues { $0.date.now = Date(timeIntervalSince1970: 0) } …
  /// ```
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// The current date, as this generator makes it.
  ///
  /// ```swift
  /// let created = date()
  /// ```
  public func callAsFunction() -> Date { generate() }

  /// A generator that always gives `now`.
  ///
  /// ```swift
  /// $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
  /// ```
  public static func constant(_ now: Date) -> DateGenerator {
    DateGenerator { now }
  }
}

/// The key of `Dependencies.date`: the system's date.
private enum DateKey: BuiltInDependencyKey {
  static var defaultValue: DateGenerator { DateGenerator { Date() } }
}

extension Dependencies {
  /// The current date: the system's, unless a test or an environment sets it. A test that reads it
  /// without setting it fails, naming it.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  /// let createdAt = date.now
  /// ```
  ///
  /// Disfavored, so that a `date` you declare on `Dependencies` yourself (as swift-composable-environment
  /// 0.5 apps did) is the one your code reads, in any module.
  @_disfavoredOverload
  public var date: DateGenerator {
    get { self[DateKey.self] }
    set { self[DateKey.self] = newValue }
  }
}
