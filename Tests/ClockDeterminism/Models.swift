// The features of the clock suite, compiled against both environment modules (README.md beside
// this file): models that sleep on the environment's `continuousClock`, on the main actor and
// off it.
import Foundation
import Observation

#if COMPOSABLE_ENV
  import ComposableEnv
#else
  import GlobalEnv
#endif

extension DependencyKeys {
  /// A key with neither a test value nor a value set by the tests: reading it in a test context
  /// records a failure (the known issues beside the clock tests).
  struct Unset: DependencyKey { static var defaultValue: Int { 0 } }
}

extension Dependencies {
  var unset: Int {
    get { self[DependencyKeys.Unset.self] }
    set { self[DependencyKeys.Unset.self] = newValue }
  }
}

/// What every model of the suite reads: the clock, and a dependency that tests never set.
///
/// `@unchecked Sendable`, as the library's articles declare environments shared across tasks: it
/// has no state of its own, and its dependencies are read through the library's thread-safe
/// accessors.
final class ClockEnvironment: ClockEnvironmentBase, @unchecked Sendable {
  @Dependency(\.continuousClock) var clock
  @Dependency(\.unset) var unset
}

/// A main-actor model with a timer: one tick a second, until its task is cancelled.
@Observable @MainActor final class CounterModel {
  private(set) var ticks = 0
  @ObservationIgnored private let environment: ClockEnvironment
  @ObservationIgnored private var timer: Task<Void, Never>?

  init(environment: ClockEnvironment) {
    self.environment = environment
  }

  func startTimer() async {
    while true {
      do { try await environment.clock.sleep(for: .seconds(1)) } catch { return }
      ticks += 1
    }
  }

  /// Starts the timer in a task of the model's own, as a view's `onAppear` would.
  func onAppear() {
    timer = Task { await startTimer() }
  }

  func onDisappear() {
    timer?.cancel()
  }

  /// Reads a dependency that no test sets.
  func incrementButtonTapped() {
    ticks += environment.unset + 1
  }
}

/// A main-actor search that waits 300 ms after the last change of its query.
@Observable @MainActor final class SearchModel {
  private(set) var results: [String] = []
  private(set) var searches = 0
  @ObservationIgnored private let environment: ClockEnvironment
  /// The debounced search in progress, if any: a test awaits it to read its results.
  @ObservationIgnored private(set) var debounce: Task<Void, Never>?

  init(environment: ClockEnvironment) {
    self.environment = environment
  }

  func queryChanged(_ query: String) {
    debounce?.cancel()
    debounce = Task {
      do { try await environment.clock.sleep(for: .milliseconds(300)) } catch { return }
      searches += 1
      results = ["swift", "swiftly"].filter { $0.hasPrefix(query) }
    }
  }
}

/// A main-actor model that retries a failing load with back-off (1 s, 2 s, 4 s) through
/// `Task.sleep(for:clock:)`.
@Observable @MainActor final class RetryModel {
  private(set) var attempts = 0
  private(set) var loaded = false
  @ObservationIgnored private let environment: ClockEnvironment

  init(environment: ClockEnvironment) {
    self.environment = environment
  }

  /// Fails until the fourth attempt.
  func load() async throws {
    let clock = environment.clock
    var delay = Duration.seconds(1)
    while true {
      attempts += 1
      if attempts == 4 {
        loaded = true
        return
      }
      try await taskSleep(on: clock, for: delay)
      delay *= 2
    }
  }
}

/// A main-actor model that polls every 100 ms until its job is done.
@Observable @MainActor final class PollingModel {
  private(set) var polls = 0
  var jobIsDone = false
  @ObservationIgnored private let environment: ClockEnvironment

  init(environment: ClockEnvironment) {
    self.environment = environment
  }

  func waitForJob() async throws {
    while !jobIsDone {
      try await environment.clock.sleep(for: .milliseconds(100))
      polls += 1
    }
  }
}

/// An actor with a timer: the same ticks, off the main actor.
actor TickerActor {
  private(set) var ticks = 0
  private let environment: ClockEnvironment

  init(environment: ClockEnvironment) {
    self.environment = environment
  }

  func start() async {
    while true {
      do { try await environment.clock.sleep(for: .seconds(1)) } catch { return }
      ticks += 1
    }
  }
}

/// An actor that saves a draft 500 ms after its last edit.
actor DraftSaver {
  private(set) var saved: [String] = []
  private let environment: ClockEnvironment
  /// The save waiting for the edits to stop, if any: a test awaits it to read what it saved.
  private(set) var pending: Task<Void, Never>?

  init(environment: ClockEnvironment) {
    self.environment = environment
  }

  func edit(_ text: String) {
    pending?.cancel()
    pending = Task {
      do { try await environment.clock.sleep(for: .milliseconds(500)) } catch { return }
      saved.append(text)
    }
  }
}

/// A model with no isolation: its counter is behind a lock, its timer runs on the global
/// executor.
final class BackgroundCounter: @unchecked Sendable {
  // `@unchecked Sendable`: `count` is only touched under `lock`.
  private let lock = NSLock()
  private var count = 0
  private let environment: ClockEnvironment

  init(environment: ClockEnvironment) {
    self.environment = environment
  }

  var ticks: Int { lock.withLock { count } }

  func start() async {
    while true {
      do { try await environment.clock.sleep(for: .seconds(1)) } catch { return }
      lock.withLock { count += 1 }
    }
  }
}

/// A main-actor model that gives up on a slow request after 5 s: the request (10 s on the clock)
/// and the timeout race in a task group.
@Observable @MainActor final class TimeoutModel {
  private(set) var outcome: String?
  @ObservationIgnored private let environment: ClockEnvironment

  init(environment: ClockEnvironment) {
    self.environment = environment
  }

  func fetch() async {
    let clock = environment.clock
    let first = await withTaskGroup(of: String?.self) { group in
      group.addTask {
        do { try await clock.sleep(for: .seconds(10)) } catch { return nil }
        return "response"
      }
      group.addTask {
        do { try await clock.sleep(for: .seconds(5)) } catch { return nil }
        return "timed out"
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
    outcome = first
  }
}

/// `Task.sleep(for:clock:)` on a clock held as an existential, as an app's helper would write it.
private func taskSleep(on clock: some Clock<Duration>, for duration: Duration) async throws {
  try await Task.sleep(for: duration, tolerance: nil, clock: clock)
}
