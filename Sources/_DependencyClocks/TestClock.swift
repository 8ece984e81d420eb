import DependencyValues
import _EnvironmentCore

/// A clock that moves only when a test says so: tasks that sleep on it stay suspended until the
/// test advances it past their deadline, then wake in deadline order. A test of a timer, a
/// debounce, a timeout or a retry with back-off runs in microseconds, the same way every run,
/// whatever other tests run beside it.
///
/// ```swift
/// @MainActor @Test(.dependencyTestContext) func searchWaitsForTheTypingToStop() async {
///   let clock = TestClock()
///   let search = SearchModel(environment: ClockEnvironment().with(\.continuousClock, clock))
///   search.queryChanged("swi")  // debounced: a task waits 300 ms on the clock
///   await clock.waitForSleepers()  // that task is asleep on the clock
///   await clock.advance(by: .milliseconds(299))
///   #expect(search.results.isEmpty)
///   await clock.advance(by: .milliseconds(1))  // the debounce fires
///   await search.debounce?.value  // and the search it started has ended
///   #expect(search.results == ["swift", "swiftly"])
/// }
/// ```
///
/// (With `GlobalEnv`, the model is made in
/// `Dependencies.withValues { $0.continuousClock = clock } operation: { … }`.)
///
/// What the clock waits for, exactly, is what it can see:
/// - At each deadline an advance passes, every sleep due there is resumed, and the clock does not
///   move on (nor return) until each of those sleeps has returned to its task, and until every
///   sleep begun on the clock by then is queued: a sleep that has begun is never passed.
/// - ``waitForSleepers(_:timeout:)`` returns once that many tasks are asleep on the clock: a task
///   the test or its model has just started, or a woken task that has slept again (everything it
///   did before that sleep has happened).
///
/// What a woken task does after its sleep returns (its work, a hop back to its actor, its next
/// sleep, its end) the clock cannot see. It lets such work run before it moves on, which on an
/// idle machine is usually all of it, but does not promise it: to read what a woken task did,
/// wait for an event of that task. A timer's tick: its next sleep (`waitForSleepers`). A task
/// that ends: its value (`await task.value`). Otherwise a change the model publishes.
///
/// Cancellation is honoured: a sleeping task that is cancelled wakes at once and throws
/// `CancellationError`. A test that ends with tasks still asleep on the clock can check for them
/// with ``checkSuspension()``. No lock is held while a woken task runs.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, @unchecked Sendable {
  // `@unchecked Sendable`: `state` is only read and changed under its lock.
  /// The clock's instants: offsets from its start.
  ///
  /// ```swift
  /// let deadline: TestClock<Duration>.Instant = clock.now.advanced(by: .seconds(1))
  /// ```
  public typealias Instant = OffsetInstant<Duration>

  private let state: LockedValue<State<Instant>>

  /// A clock at `now` that moves only when advanced.
  ///
  /// ```swift
  /// let clock = TestClock(now: OffsetInstant(offset: Duration.seconds(60)))
  /// ```
  public init(now: Instant) {
    state = .make(State(now: now))
  }

  /// The clock's current instant.
  ///
  /// ```swift
  /// #expect(clock.now.offset == .seconds(1))
  /// ```
  public var now: Instant { state.withLock { $0.now } }

  /// The minimum resolution the clock reports: `.zero` until a test sets it, as a test of code
  /// that reads it does (code that rounds its sleeps to it, or hands the clock to an API that
  /// does). The clock itself wakes each sleep at its deadline, whatever this is.
  ///
  /// ```swift
  /// clock.minimumResolution = .milliseconds(1)
  /// ```
  public var minimumResolution: Duration {
    get { state.withLock { $0.minimumResolution } }
    set {
      var value = newValue
      state.withLock { swap(&$0.minimumResolution, &value) }
      // `value` now holds the old resolution: released here, after the lock.
    }
  }

  /// Suspends until the clock is advanced to `deadline` (returns at once if it is there already);
  /// throws `CancellationError` if the task is cancelled first.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    // Counted from here until the sleep is queued (or returns or throws): a settle that finds a
    // sleep on its way in waits for it.
    state.withLock { $0.arriving += 1 }
    let sleeper = Sleeper<Instant>(deadline: deadline, task: TaskIdentity.current)
    // Tells `advance` that this task runs again (after a wake, at once, or with an error).
    defer { state.withLock { _ in sleeper.isRunning = true } }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          state.arriving -= 1
          if sleeper.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          sleeper.continuation = continuation
          state.enqueue(sleeper)
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let continuation = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
        sleeper.isCancelled = true
        return state.remove(sleeper)
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration`, one deadline at a time, waking the tasks whose
  /// deadlines it passes in deadline order (in the order they went to sleep at equal deadlines).
  /// At each deadline, before the clock moves on and before this returns, each sleep woken there
  /// has returned to its task and each sleep begun by then is queued; what a woken task does
  /// after its sleep returns is not waited for (see ``TestClock``). By default (`.zero`), wakes
  /// the tasks due now.
  ///
  /// A timer, one tick at a time: its next sleep says that the tick's work is done.
  ///
  /// ```swift
  /// let timer = Task { await model.startTimer() }  // ticks once a second, on the main actor
  /// await clock.waitForSleepers()
  /// for tick in 1...3 {
  ///   await clock.advance(by: .seconds(1))
  ///   await clock.waitForSleepers()  // the timer sleeps again: its tick is done
  ///   #expect(model.ticks == tick)
  /// }
  /// ```
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves the clock forward to `deadline`, as ``advance(by:)`` does. A deadline before `now`
  /// leaves the clock where it is (a clock never goes back), and fails the running test.
  ///
  /// ```swift
  /// await clock.advance(to: clock.now.advanced(by: .seconds(5)))
  /// ```
  public func advance(to deadline: Instant) async {
    let current = now
    if deadline < current {
      TestFailureReporting.record(
        """
        TestClock.advance(to:) was asked to go back in time, from \(current.offset) to \
        \(deadline.offset): the clock stays where it is. Advance by a duration that is not \
        negative.
        """, at: nil)
      return
    }
    await settle(awaitingAFirstSleeper: true)
    while true {
      switch state.withLock({ $0.wakeNext(upTo: deadline) }) {
      case .woke(let due):
        for sleeper in due { sleeper.continuation?.resume() }
        await waitUntilReturned(due)
        await settle()
      case .sleepsArriving:
        // A sleep on its way in may be due before `deadline`: the clock does not move past it
        // until it is queued (and woken here) or has returned.
        await settle()
      case .reached:
        return
      }
    }
  }

  /// Waits until each task that `woken` held has returned from its sleep — an event each
  /// sleeping task records itself (`Sleeper.isRunning`), exactly — and then, as a best effort
  /// that no caller may count on, lets the woken tasks run on: until each has slept on the clock
  /// again (which the clock sees), or until the main actor has run what was queued after and no
  /// sleep is on its way in, twice over (a task that ended, or works on, looks the same).
  ///
  /// Gives up after a generous real-time bound and fails the test: a woken task that never runs
  /// is a starved executor.
  private func waitUntilReturned(_ woken: [Sleeper<Instant>]) async {
    let start = ContinuousClock.now
    func gaveUp() -> Bool {
      guard ContinuousClock.now - start > .seconds(60) else { return false }
      TestFailureReporting.record(
        "TestClock: a task woken by advance did not come back within 60 s; the clock moves on.",
        at: nil)
      return true
    }
    while !state.withLock({ _ in woken.allSatisfy(\.isRunning) }) {
      if gaveUp() { return }
      await Settling.yieldOnce()
    }
    var quietSettles = 0
    while !state.withLock({ $0.awaited.isEmpty }), quietSettles < Settling.quietSettles {
      if gaveUp() { return }
      let caughtUp = await Settling.settle()
      let arriving = state.withLock { $0.arriving }
      quietSettles = caughtUp && arriving == 0 ? quietSettles + 1 : 0
    }
  }

  /// Lets started tasks reach their sleeps: settles, then yields while a sleep is on its way in
  /// (a task between the start of its sleep and its place in the queue), for at most 60 s of real
  /// time. With `awaitingAFirstSleeper` (an advance that starts with no task asleep, which is
  /// most often one whose first sleep is still on its way), settles up to
  /// `Settling.firstSleeperSettles` more times until a sleep begins: likely, not certain, to see a
  /// task the test has just started; ``waitForSleepers(_:timeout:)`` is the certain way.
  private func settle(awaitingAFirstSleeper: Bool = false) async {
    await Settling.settle()
    if awaitingAFirstSleeper {
      for _ in 0..<Settling.firstSleeperSettles
      where state.withLock({ $0.sleepers.isEmpty && $0.arriving == 0 }) {
        await Settling.settle()
      }
    }
    let start = ContinuousClock.now
    while state.withLock({ $0.arriving }) > 0, ContinuousClock.now - start < .seconds(60) {
      await Settling.yieldOnce()
    }
  }

  /// Suspends until at least `count` tasks are asleep on the clock: how a test says that tasks it
  /// started (or that its model started) will sleep on the clock before it advances, and how it
  /// waits for a woken task to sleep again (a timer's next tick), after which everything that
  /// task did before that sleep has happened. Fails the test if they are not asleep within
  /// `timeout` of real time.
  ///
  /// ```swift
  /// model.onAppear()  // starts the model's timer in a task of its own
  /// await clock.waitForSleepers(1)  // the timer is asleep on the clock
  /// await clock.advance(by: .seconds(1))
  /// await clock.waitForSleepers(1)  // asleep again: the first tick is done
  /// #expect(model.ticks == 1)
  /// ```
  public func waitForSleepers(_ count: Int = 1, timeout: Swift.Duration = .seconds(60)) async {
    let start = ContinuousClock.now
    while state.withLock({ $0.sleepers.count }) < count {
      if ContinuousClock.now - start > timeout {
        let sleeping = state.withLock { $0.sleepers.count }
        TestFailureReporting.record(
          """
          TestClock.waitForSleepers(\(count)) gave up after \(timeout) with \(sleeping) task(s) \
          asleep on the clock.
          """, at: nil)
        return
      }
      await Settling.yieldOnce()
    }
  }

  /// Advances the clock until no task is asleep on it, deadline after deadline, as
  /// ``advance(by:)`` does at each, or fails the running test if tasks are still asleep after 100
  /// steps and `timeout` of real time (a task that sleeps forever, such as a timer loop). Both
  /// bounds must pass: each step waits for the tasks it woke, which on a machine busy with other
  /// tests (or under a sanitizer) can take seconds, so a chain of a few sleeps never gives up for
  /// being slow.
  ///
  /// A sleep is seen once it has begun: a woken task that works before it sleeps again may find
  /// the clock already past the deadline it meant, or `run` returned. For a task that sleeps
  /// again (a timer, a retry with back-off), step with ``advance(by:)`` and
  /// ``waitForSleepers(_:timeout:)``; after `run`, wait for the end of the tasks that slept
  /// (`await task.value`) before reading what they did.
  ///
  /// ```swift
  /// let sleepers = (1...3).map { n in Task { try await clock.sleep(for: .seconds(n)) } }
  /// await clock.waitForSleepers(3)
  /// await clock.run()  // wakes the three, in deadline order
  /// for sleeper in sleepers { try await sleeper.value }
  /// #expect(clock.now.offset == .seconds(3))
  /// ```
  public func run(timeout: Swift.Duration = .seconds(60)) async {
    let start = ContinuousClock.now
    var steps = 0
    while true {
      await Settling.settle()
      guard let last = state.withLock({ $0.lastDeadline }) else {
        // A task that the last step woke may be between marking itself running and its next
        // sleep: look once more after another settle before concluding that none is asleep.
        await Settling.settle()
        if state.withLock({ $0.lastDeadline }) == nil { return }
        continue
      }
      await advance(to: max(last, now))
      steps += 1
      if steps >= 100, ContinuousClock.now - start > timeout {
        let sleeping = state.withLock { $0.sleepers.count }
        guard sleeping > 0 else { return }
        TestFailureReporting.record(
          """
          TestClock.run() gave up after \(steps) steps and \(timeout) with \(sleeping) task(s) \
          still asleep on the clock: a task keeps sleeping again (a timer loop?). Advance the \
          clock by a duration instead, or cancel the task.
          """, at: nil)
        return
      }
    }
  }

  /// Throws ``TestClockSuspensionError`` if a task is asleep on the clock, after letting tasks
  /// run: a test's last line, to show that nothing is left waiting.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// try await clock.checkSuspension()
  /// ```
  public func checkSuspension() async throws {
    await Settling.settle()
    let sleeping = state.withLock { $0.sleepers.map(\.deadline.offset) }
    if !sleeping.isEmpty {
      throw TestClockSuspensionError(deadlines: sleeping.map { "\($0)" })
    }
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestClock where Duration == Swift.Duration {
  /// A clock of `Swift.Duration` at its start.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// ```
  public convenience init() {
    self.init(now: Instant())
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Clock where Self == TestClock<Swift.Duration> {
  /// A new ``TestClock`` of `Swift.Duration`, at its start.
  ///
  /// ```swift
  /// let clock: TestClock<Duration> = .test
  /// ```
  public static var test: Self { TestClock() }
}

/// swift-clocks' name for ``TestClockSuspensionError``, the error of
/// ``TestClock/checkSuspension()``.
///
/// ```swift
/// await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
/// ```
public typealias SuspensionError = TestClockSuspensionError

/// The error of ``TestClock/checkSuspension()``: tasks are still asleep on the clock.
///
/// ```swift
/// #expect(throws: TestClockSuspensionError.self) { try await clock.checkSuspension() }
/// ```
public struct TestClockSuspensionError: Error, CustomStringConvertible, Sendable {
  /// The deadlines of the sleeping tasks, from the clock's start, in the order they slept.
  ///
  /// ```swift
  /// error.deadlines  // ["1.0 seconds"]
  /// ```
  public let deadlines: [String]

  /// The error for sleepers with `deadlines`.
  ///
  /// ```swift
  /// let error = TestClockSuspensionError(deadlines: ["1.0 seconds"])
  /// ```
  public init(deadlines: [String]) {
    self.deadlines = deadlines
  }

  /// Says how many tasks sleep, and until when.
  ///
  /// ```swift
  /// print(error)  // 1 task is still asleep on the TestClock, until 1.0 seconds
  /// ```
  public var description: String {
    let count = deadlines.count == 1 ? "1 task is" : "\(deadlines.count) tasks are"
    return "\(count) still asleep on the TestClock, until \(deadlines.joined(separator: ", "))"
  }
}

/// One sleep on a test clock.
///
/// `@unchecked Sendable`: `continuation`, `isCancelled` and `isRunning` are only touched under the
/// clock's lock (a woken sleeper's continuation is resumed after the lock, once, by the `advance`
/// that took it out); the cancellation handler, the sleeping task and `advance` share the object.
private final class Sleeper<Instant: InstantProtocol>: @unchecked Sendable {
  let deadline: Instant
  /// The sleeping task (``TaskIdentity``).
  let task: Int
  var continuation: UnsafeContinuation<Void, any Error>?
  var isCancelled = false
  /// Set when the sleeping task runs again after its sleep.
  var isRunning = false

  init(deadline: Instant, task: Int) {
    self.deadline = deadline
    self.task = task
  }
}

/// A test clock's time and sleepers, under its lock.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private struct State<Instant: InstantProtocol> {
  var now: Instant
  /// What the clock reports as its minimum resolution.
  var minimumResolution: Instant.Duration = .zero
  /// The suspended sleeps, in the order they began.
  var sleepers: [Sleeper<Instant>] = []
  /// The sleeps begun and not yet queued (nor returned or thrown).
  var arriving = 0
  /// The tasks that the last step of `advance` woke and that have not slept again since.
  var awaited: Set<Int> = []

  init(now: Instant) {
    self.now = now
  }

  mutating func enqueue(_ sleeper: Sleeper<Instant>) {
    assert(sleeper.continuation != nil, "a sleeper is queued with its continuation")
    sleepers.append(sleeper)
    awaited.remove(sleeper.task)
  }

  /// Takes `sleeper` out, if it is still asleep, returning its continuation to resume.
  mutating func remove(_ sleeper: Sleeper<Instant>) -> UnsafeContinuation<Void, any Error>? {
    guard let index = sleepers.firstIndex(where: { $0 === sleeper }) else { return nil }
    return sleepers.remove(at: index).continuation
  }

  /// The latest deadline of the sleepers, if any.
  var lastDeadline: Instant? { sleepers.map(\.deadline).max() }

  /// What one step of an advance found.
  enum Step {
    /// The sleepers due at the earliest deadline, taken out to resume; `now` is there.
    case woke([Sleeper<Instant>])
    /// None is due by the deadline, but a sleep is on its way in: `now` has not moved.
    case sleepsArriving
    /// None is due, none is arriving: `now` is at the deadline.
    case reached
  }

  /// Moves `now` to the earliest deadline of the sleepers if it is at most `deadline`, and takes
  /// out the sleepers due then (in the order they began), to resume, awaiting their tasks; with
  /// none due, moves `now` to `deadline` unless a sleep is on its way in (it may be due before).
  mutating func wakeNext(upTo deadline: Instant) -> Step {
    guard let earliest = sleepers.map(\.deadline).min(), earliest <= deadline else {
      if arriving > 0 { return .sleepsArriving }
      now = max(now, deadline)
      return .reached
    }
    now = max(now, earliest)
    let due = sleepers.filter { $0.deadline == earliest }
    sleepers.removeAll { $0.deadline == earliest }
    awaited = Set(due.map(\.task))
    return .woke(due)
  }
}

/// The identity of the running task: the hash of its address, the same for each sleep of one
/// task while it lives. (Two tasks whose hashes collide, which 64 bits make unlikely, would
/// count as one: a step could then take one's sleep for the other's return.)
private enum TaskIdentity {
  static var current: Int {
    withUnsafeCurrentTask { task in task?.hashValue ?? 0 }
  }
}
