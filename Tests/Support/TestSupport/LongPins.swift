import Foundation

/// Tests that keep a reader pinned for long stretches (the interleaving explorer, which stops
/// threads inside pinned sections) say so here, and heap measurements leave out the windows that
/// overlap one: while a reader is pinned, every table retired anywhere in the process waits for
/// it, which a measurement of the process's heap would take for growth.
///
/// ```swift
/// LongPins.during { explorer.explore(scenario) }
/// let bytes = LongPins.measuredWhileQuiet { heapGrowthOfSomeRounds() }
/// ```
public enum LongPins {
  /// How many long pins are in progress, and how many have ever started.
  private static let state = Locked((active: 0, started: 0))

  /// Runs `body`, which keeps readers pinned for long stretches.
  public static func during<Result>(_ body: () throws -> Result) rethrows -> Result {
    begin()
    defer { end() }
    return try body()
  }

  /// Marks the start of a long pin, which `end()` marks the end of (for a pin that outlives a
  /// call, such as a test's pinned reader).
  public static func begin() {
    state.withLock {
      $0.active += 1
      $0.started += 1
    }
  }

  /// Marks the end of a long pin that `begin()` started.
  public static func end() {
    state.withLock { $0.active -= 1 }
  }

  /// The value of `measure` run in a window that no long pin overlapped: measured again (after
  /// a pause) while one did, up to 60 s, then taken as it is.
  public static func measuredWhileQuiet<Value>(_ measure: () throws -> Value) rethrows -> Value {
    let deadline = Date(timeIntervalSinceNow: 60)
    while true {
      let before = state.withLock { $0.active == 0 ? $0.started : nil }
      if let before {
        let value = try measure()
        let after = state.withLock { $0.active == 0 ? $0.started : nil }
        if after == before || Date() > deadline { return value }
      } else if Date() > deadline {
        return try measure()
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }
}

/// A value behind a lock. `@unchecked Sendable`: `value` is only touched under `lock`.
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
