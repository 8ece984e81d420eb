import Foundation

/// Counts events from many threads, such as computations of a default value.
public final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  public init() {}

  public func increment() {
    lock.lock()
    value += 1
    lock.unlock()
  }

  public func decrement() {
    lock.lock()
    value -= 1
    lock.unlock()
  }

  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
