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
  typealias Failure = (key: KeyInfo, error: any Error)

  /// Runs `stops` in order; `stopped` is called after each one that ended (not one that
  /// overran). Returns what went wrong, if anything: the stops that threw and those that overran.
  static func run(
    _ stops: [Stop], deadline: Duration, stopped: @escaping @Sendable (ObjectIdentifier) -> Void
  ) async -> ServiceStopError? {
    var failures: [Failure] = []
    var overdue: [String] = []
    var remaining = stops[...]
    while !remaining.isEmpty {
      let pass = Pass()
      let worker = Task { [remaining] in await pass.work(Array(remaining), stopped: stopped) }
      let watchdog = Task { await pass.watch(deadline: deadline) }
      let outcome = await pass.outcome.value
      // The stop that overran is cancelled and left behind; otherwise the watchdog ends now.
      (outcome.overran == nil ? watchdog : worker).cancel()
      failures += outcome.failures
      guard let overran = outcome.overran else { break }
      overdue.append(remaining[remaining.startIndex + overran].key.name)
      remaining = remaining.dropFirst(overran + 1)
    }
    guard !failures.isEmpty || !overdue.isEmpty else { return nil }
    return ServiceStopError(failures: failures.map { ($0.key.name, $0.error) }, overdue: overdue)
  }

  /// One pass: where it is in its stops, and its outcome, given once: by the worker when every
  /// stop ended, or by the watchdog when one overran.
  ///
  /// `@unchecked Sendable`: the mutable state is only touched under its lock.
  private final class Pass: @unchecked Sendable {
    struct Progress {
      var current = 0
      var since = ContinuousClock.now
      var failures: [Failure] = []
      /// Whether the outcome was given: the worker and the watchdog then stop.
      var isSettled = false
    }

    let progress = LockedValue<Progress>.make(Progress())
    /// The stops that threw, and the index of the stop that overran, if one did.
    let outcome = OneShot<(failures: [Failure], overran: Int?)>()

    /// Runs `stops` in order, until done or abandoned.
    func work(_ stops: [Stop], stopped: @Sendable (ObjectIdentifier) -> Void) async {
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
          if let failure, !progress.isSettled { progress.failures.append((stop.key, failure)) }
          return progress.isSettled
        }
        if isOver { return }
        stopped(stop.id)
      }
      settle(overran: nil)
    }

    /// Wakes at the running stop's deadline; settles the pass if that stop overran.
    func watch(deadline: Duration) async {
      while true {
        let seen = progress.withLock { $0 }
        if seen.isSettled { return }
        let due = seen.since + deadline
        if ContinuousClock.now >= due { return settle(overran: seen.current) }
        do { try await Task.sleep(until: due, clock: .continuous) } catch { return }
      }
    }

    /// Gives the outcome, once: with the stop that overran, or none.
    private func settle(overran: Int?) {
      let failures = progress.withLock { progress -> [Failure]? in
        guard !progress.isSettled else { return nil }
        progress.isSettled = true
        return progress.failures
      }
      if let failures { outcome.resume((failures, overran)) }
    }
  }
}
