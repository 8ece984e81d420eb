import Foundation

/// Counts the live instances of one family of reference-typed values, from any thread.
///
/// ```swift
/// let live = LiveCount()
/// do { let token = LiveToken("a", live) }  // live.count: 1 inside, 0 after
/// ```
public final class LiveCount: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value = 0
  private var highest = 0

  public init() {}

  func add(_ amount: Int) {
    lock.withLock {
      value += amount
      highest = max(highest, value)
    }
  }

  /// The instances alive now.
  public var count: Int { lock.withLock { value } }
  /// The most instances that were alive at once.
  public var peak: Int { lock.withLock { highest } }
}

/// A dependency value of class type whose `deinit` matters: it counts itself in a `LiveCount`,
/// and checks that it is never used after it was released (`isIntact`).
public final class LiveToken: Sendable, CustomStringConvertible {
  public let name: String
  let live: LiveCount
  /// A constant that a freed and reused instance would no longer hold.
  private let canary: UInt64 = 0xC0FF_EE00_D15E_A5E5

  public init(_ name: String, _ live: LiveCount) {
    self.name = name
    self.live = live
    live.add(1)
  }

  deinit { live.add(-1) }

  /// Whether the instance still holds what it was made with.
  public var isIntact: Bool { canary == 0xC0FF_EE00_D15E_A5E5 && !name.isEmpty }

  public var description: String { "LiveToken(\(name))" }
}
