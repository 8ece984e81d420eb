import Dispatch

/// Tests that keep a reader pinned and tests that release long chains of values run one at a
/// time, each inside `run`.
///
/// A reader's unpin makes a pass that frees, on the reader's thread, every table its section held
/// back, other tests' included. A chain another test was releasing (a million links, each
/// retiring a table) then goes on on that thread, and each table the chain retires is held back
/// by the reader once it pins again. Beside such a test, a pinned test's own table was not freed
/// for minutes (once, in CI's release run).
///
/// ```swift
/// PinnedReaderExclusion.run {
///   let reader = PinnedReader()
///   …
/// }
/// ```
public enum PinnedReaderExclusion {
  private static let gate = DispatchSemaphore(value: 1)

  /// Runs `body` while no other test inside `run` does. Blocks the calling thread meanwhile: call
  /// it from a thread of the test's own, or from a test that needs nothing of the cooperative pool
  /// while it waits.
  public static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    gate.wait()
    defer { gate.signal() }
    return try body()
  }
}
