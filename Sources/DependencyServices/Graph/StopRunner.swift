import DependencyValues
import _EnvironmentCore

/// Runs services' stops one after another, each with a deadline, without waiting past it: a
/// stop still running at its deadline is reported, cancelled and left behind, and the next ones
/// run.
///
/// The stops run in one task of their own (a pass), so that the caller's cancellation does not
/// reach them; a watchdog task wakes at the running stop's deadline. When a stop overruns, the
/// pass is abandoned (it ends when that stop returns, running no more) and a new pass runs the
/// stops after it. Two tasks per pass, not per stop: stopping many services costs little more
/// than their stops.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum StopRunner {
  typealias Stop = (id: ObjectIdentifier, key: KeyInfo, stop: @Sendable () async throws -> Void)

  /// Runs `stops` in order; `stopped` is called after each one that ended (not one that
  /// overran). Returns the stops that threw and those that overran.
  static func run(
    _ stops: [Stop], deadline: Duration, stopped: @escaping @Sendable (ObjectIdentifier) -> Void
  ) async -> (failures: [(key: KeyInfo, error: any Error)], overdue: [KeyInfo]) {
    var failures: [(key: KeyInfo, error: any Error)] = []
    var overdue: [KeyInfo] = []
    var remaining = stops[...]
    while !remaining.isEmpty {
      let pass = Pass(Array(remaining), deadline: deadline, stopped: stopped)
      let outcome = await pass.run()
      failures += outcome.failures
      guard let overran = outcome.overran else { break }
      overdue.append(remaining[remaining.startIndex + overran].key)
      remaining = remaining.dropFirst(overran + 1)
    }
    return (failures, overdue)
  }

  /// One pass: the stops it runs, where it is, and who settles it.
  ///
  /// `@unchecked Sendable`: the mutable state is only touched under its lock.
  private final class Pass: @unchecked Sendable {
    struct Outcome {
      var failures: [(key: KeyInfo, error: any Error)] = []
      /// The index of the stop that overran, if one did.
      var overran: Int?
    }

    struct Progress {
      var current = 0
      var since = ContinuousClock.now
      var outcome = Outcome()
      var caller: CheckedContinuation<Outcome, Never>?
      var isSettled = false
      var worker: Task<Void, Never>?
      var watchdog: Task<Void, Never>?
    }

    let stops: [Stop]
    let deadline: Duration
    let stopped: @Sendable (ObjectIdentifier) -> Void
    let progress = LockedValue<Progress>.make(Progress())

    init(
      _ stops: [Stop], deadline: Duration, stopped: @escaping @Sendable (ObjectIdentifier) -> Void
    ) {
      self.stops = stops
      self.deadline = deadline
      self.stopped = stopped
    }

    func run() async -> Outcome {
      await withCheckedContinuation { caller in
        progress.withLock { $0.caller = caller }
        let worker = Task { await self.work() }
        let watchdog = Task { await self.watch() }
        let settled = progress.withLock { progress -> Bool in
          progress.worker = worker
          progress.watchdog = watchdog
          return progress.isSettled
        }
        // Settled before the handles were stored: nothing is left to cancel but the watchdog.
        if settled { watchdog.cancel() }
      }
    }

    /// Runs the stops in order, until done or abandoned.
    private func work() async {
      for (index, stop) in stops.enumerated() {
        let abandoned = progress.withLock { progress -> Bool in
          progress.current = index
          progress.since = .now
          return progress.isSettled
        }
        if abandoned { return }
        var failure: (any Error)?
        do { try await stop.stop() } catch { failure = error }
        let isOver = progress.withLock { progress -> Bool in
          if let failure, !progress.isSettled {
            progress.outcome.failures.append((stop.key, failure))
          }
          return progress.isSettled
        }
        if isOver { return }
        stopped(stop.id)
      }
      settle(overran: nil)
    }

    /// Wakes at the running stop's deadline; settles the pass if that stop overran.
    private func watch() async {
      while true {
        let (since, isSettled) = progress.withLock { ($0.since, $0.isSettled) }
        if isSettled { return }
        let due = since + deadline
        if ContinuousClock.now >= due {
          let current = progress.withLock { $0.current }
          settle(overran: current)
          return
        }
        do { try await Task.sleep(until: due, clock: .continuous) } catch { return }
      }
    }

    /// Resumes the caller once: with the stop that overran, or none.
    private func settle(overran: Int?) {
      let settled = progress.withLock {
        progress -> (
          CheckedContinuation<Outcome, Never>, Outcome, Task<Void, Never>?, Task<Void, Never>?
        )? in
        guard !progress.isSettled, let caller = progress.caller else { return nil }
        progress.isSettled = true
        progress.outcome.overran = overran
        return (caller, progress.outcome, progress.worker, progress.watchdog)
      }
      guard let (caller, outcome, worker, watchdog) = settled else { return }
      if overran != nil { worker?.cancel() } else { watchdog?.cancel() }
      caller.resume(returning: outcome)
    }
  }
}
