import Foundation
import HeapUsage

/// How long a test waits for an event before it concludes that a regression hangs it: the one
/// deadline of every watchdog here. Generous on purpose, for hangs only: a test that passes never
/// waits that long, and under a sanitizer, beside the whole suite, an event that takes a
/// millisecond alone can take a minute. A bound on time a test means to check is a Benchmarks
/// row, not a watchdog.
///
/// ```swift
/// #expect(done.wait(timeout: .now() + hangDeadline) == .success)
/// ```
public let hangDeadline: Double = 300

/// Runs `body` on a thread of its own and waits at most `seconds` for it to return: a test that
/// could hang on a regression checks this, so that it fails instead of stalling CI. (A body that
/// never returns leaves its thread behind; the test has failed by then.)
///
/// ```swift
/// #expect(finishes { _ = environment.client })
/// ```
public func finishes(
  within seconds: Double = hangDeadline, stackSize: Int = 16 << 20,
  _ body: @escaping @Sendable () -> Void
) -> Bool {
  let done = DispatchSemaphore(value: 0)
  start(OneShot(body), stackSize: stackSize, then: done)
  return done.wait(timeout: .now() + seconds) == .success
}

/// ``finishes(within:stackSize:_:)`` for a body that needs the cooperative pool, such as one that
/// waits for a detached task: the calling task is suspended, not blocked, meanwhile. (The pool has
/// as many threads as cores; a test blocking one of them, beside tests that block the others,
/// would starve the task its body waits for.)
///
/// ```swift
/// #expect(await finishesWhileSuspended { _ = environment.client })
/// ```
public func finishesWhileSuspended(
  within seconds: Double = hangDeadline, stackSize: Int = 16 << 20,
  _ body: @escaping @Sendable () -> Void
) async -> Bool {
  let done = DispatchSemaphore(value: 0)
  start(OneShot(body), stackSize: stackSize, then: done)
  return await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: done.wait(timeout: .now() + seconds) == .success) }
      .start()
  }
}

/// Runs `work` on a new thread and signals `done` when it returns.
private func start(_ work: OneShot, stackSize: Int, then done: DispatchSemaphore) {
  let thread = Thread {
    work.run()
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
}

/// A body that runs once and is released as soon as it returns. A `Thread` keeps its block until
/// the thread exits, some time after the test has gone on: what the body captured (a tree whose
/// release the test checks) must not live that long.
private final class OneShot: @unchecked Sendable {
  // `@unchecked Sendable`: `body` is set by `init`, then read and cleared once, by the one thread
  // that runs it.
  private var body: (@Sendable () -> Void)?

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }

  func run() {
    let body = self.body.take()
    assert(body != nil, "a OneShot runs once")
    body?()
  }
}

/// Runs `body` on a new thread and returns at once; `started` is signalled by the caller's code
/// when it reaches the point the test waits for.
public func runInBackground(_ body: @escaping @Sendable () -> Void) {
  Thread { body() }.start()
}

/// Bytes of heap in use, as the allocator counts them (glibc's `mallinfo2`); `nil` elsewhere.
public func heapBytesInUse() -> Int? {
  let bytes = test_heap_bytes_in_use()
  return bytes < 0 ? nil : Int(bytes)
}

/// A value that can be handed between threads: a lock-protected slot.
public final class Shared<Value>: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var stored: Value

  public init(_ value: Value) {
    stored = value
  }

  public var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }

  /// Changes the value in one step (a read-modify-write that no other thread interleaves with).
  public func update(_ body: (inout Value) -> Void) {
    lock.withLock { body(&stored) }
  }
}

/// Whether `condition` holds now or within `seconds` (checked every millisecond): for what
/// another test's thread may delay briefly, such as a table held back by a reader of another test
/// pinned just then (freed by that reader as it unpins).
///
/// ```swift
/// #expect(becomesTrue { live.count == 0 })
/// ```
public func becomesTrue(within seconds: Double = hangDeadline, _ condition: () -> Bool) -> Bool {
  let deadline = DispatchTime.now() + seconds
  while !condition() {
    if DispatchTime.now() > deadline { return false }
    usleep(1_000)
  }
  return true
}

/// ``becomesTrue(within:_:)`` for a test that must not block a thread of the cooperative pool
/// meanwhile (the work it waits for runs there): checks every millisecond, suspended between.
///
/// ```swift
/// #expect(await becomesTrueWhileSuspended { live.count == 2_000 })
/// ```
public func becomesTrueWhileSuspended(
  within seconds: Double = hangDeadline, _ condition: () -> Bool
) async -> Bool {
  let deadline = DispatchTime.now() + seconds
  while !condition() {
    if DispatchTime.now() > deadline { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

/// A default or an initializer that stalls until the test lets it go: it says that it started,
/// then waits for `release()` (at most `hangDeadline`, so that a failed test does not keep its
/// thread for good). What must not wait for it is checked by an event — it finishes while the stall holds —
/// not by how long it took.
///
/// ```swift
/// static let stall = Stall()
/// static var defaultValue: Int { stall.enter(); return 1 }
/// // in the test:
/// runInBackground { _ = environment.slow }
/// Keys.stall.started.wait()
/// #expect(finishes { _ = environment.fast })  // while `slow` is stalled
/// Keys.stall.release()
/// ```
public final class Stall: @unchecked Sendable {
  // `@unchecked Sendable`: two semaphores, which are thread-safe.
  public let started = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)

  public init() {}

  /// Says that the stall began, then waits until `release()` (or `hangDeadline`).
  public func enter() {
    started.signal()
    _ = released.wait(timeout: .now() + hangDeadline)
  }

  /// Lets the stalled code go on.
  public func release() { released.signal() }
}
