import _EnvironmentAtomics

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The built-in dependencies that make values: dates and identifiers.

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
  public init(_ generate: @escaping @Sendable () -> Date) { self.generate = generate }

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
  public static func constant(_ now: Date) -> DateGenerator { DateGenerator { now } }
}

/// The key of `Dependencies.date`: the system's date.
private enum DateKey: BuiltInDependencyKey {
  static var defaultValue: DateGenerator { DateGenerator { Date() } }
}

/// Makes identifiers: the value of the built-in `uuid` dependency.
///
/// ```swift
/// import Foundation
/// import GlobalEnv
///
/// struct Todo { let id: UUID }
/// struct TodoList {
///   @Dependency(\.uuid) var uuid
///   func add() -> Todo { Todo(id: uuid()) }
/// }
///
/// // In a test: ids are UUID(0), UUID(1), …
/// let first = Dependencies.withValues { $0.uuid = .incrementing } operation: { TodoList().add() }
/// assert(first.id == UUID(0))
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate` for each identifier.
  ///
  /// ```swift
  /// let generator = UUIDGenerator { UUID() }
  /// ```
  public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }

  /// A new identifier, as this generator makes them.
  ///
  /// ```swift
  /// let id = uuid()
  /// ```
  public func callAsFunction() -> UUID { generate() }

  /// A generator that always gives `uuid`.
  ///
  /// ```swift
  /// $0.uuid = .constant(UUID(42))
  /// ```
  public static func constant(_ uuid: UUID) -> UUIDGenerator { UUIDGenerator { uuid } }

  /// A generator that counts from `UUID(0)`: `00000000-0000-0000-0000-000000000000`, then
  /// `…-000000000001`, and so on. Each use of `incrementing` starts a new count; one generator
  /// may be called from several threads, and gives each number once.
  ///
  /// ```swift
  /// $0.uuid = .incrementing
  /// ```
  public static var incrementing: UUIDGenerator {
    let counter = IncrementingCounter()
    return UUIDGenerator { UUID(counter.next()) }
  }
}

/// A count shared by the copies of one `incrementing` generator.
///
/// `@unchecked Sendable`: its only state is one word, changed by an atomic increment.
private final class IncrementingCounter: @unchecked Sendable {
  private let word = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)

  init() { word.initialize(to: 0) }

  deinit { word.deallocate() }

  /// 0 the first time, then 1, 2, …
  func next() -> Int { Int(environment_atomic_increment(word) - 1) }
}

extension UUID {
  /// A readable, predictable identifier for tests, as swift-dependencies makes it: the magnitude
  /// of `intValue` in the last sixteen hexadecimal digits, its sign in the digit before them (1
  /// for a negative number), and the other digits zero.
  ///
  /// ```swift
  /// UUID(10).uuidString  // "00000000-0000-0000-0000-00000000000A"
  /// UUID(-1).uuidString  // "00000000-0000-0001-0000-000000000001"
  /// ```
  ///
  /// Any `Int` is accepted, `Int.min` too (swift-dependencies stops on it): its magnitude,
  /// 2⁶³, is `8000-000000000000`.
  @_disfavoredOverload
  public init(_ intValue: Int) {
    let magnitude = UInt64(intValue.magnitude)
    let sign: UInt8 = intValue < 0 ? 1 : 0
    func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: magnitude >> (8 * index)) }
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, sign, byte(7), byte(6), byte(5), byte(4), byte(3), byte(2), byte(1),
        byte(0)
      ))
  }
}

/// The key of `Dependencies.uuid`: random identifiers (`UUID()`).
private enum UUIDKey: BuiltInDependencyKey {
  static var defaultValue: UUIDGenerator { UUIDGenerator { UUID() } }
}

extension Dependencies {
  /// Makes identifiers: random ones (`UUID()`), unless a test or an environment sets it. A test
  /// that reads it without setting it fails, naming it.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// let id = uuid()
  /// ```
  ///
  /// Disfavored, so that a `uuid` you declare on `Dependencies` yourself is the one your code
  /// reads, in any module.
  @_disfavoredOverload
  public var uuid: UUIDGenerator {
    get { self[UUIDKey.self] }
    set { self[UUIDKey.self] = newValue }
  }

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
