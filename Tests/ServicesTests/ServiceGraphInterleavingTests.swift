import DependencyValues
import Testing
import _EnvironmentCore

@testable import DependencyServices

// Every order of the service graph's steps, up to a bound on preemptions: the graph's state
// (`GraphState`, each service's `ServiceLife` in it) changes only in steps taken under its lock,
// so an execution of start-up is a sequence of those steps, one logical task at a time. The
// explorer below runs start-up's task, each service's start, a canceller of one read, a canceller
// of start-up and a stopper as state machines over a real `GraphState`, with waiters that record
// what they are given, and checks every schedule: no task is left waiting for good (no deadlock),
// no waiter is resumed twice, no service starts twice, no start is left counted as running,
// start-up ends as the plan says (failed when a start fails or the starts need each other, or
// with `CancellationError` under a chain of starts when cancelled before it ended; otherwise with
// every service running), and, once stopped, no service is left running or stopping (a start
// that ends after stopping began stops itself). A transition the state machine does not allow
// fails its internal check, which stops the process.

/// Four key types, for four services.
private enum K0: DependencyKey { static var defaultValue: Int { 0 } }
private enum K1: DependencyKey { static var defaultValue: Int { 1 } }
private enum K2: DependencyKey { static var defaultValue: Int { 2 } }
private enum K3: DependencyKey { static var defaultValue: Int { 3 } }
private let serviceKeys = [KeyInfo(K0.self), KeyInfo(K1.self), KeyInfo(K2.self), KeyInfo(K3.self)]

/// What a schedule's run is for: the services each start reads, the starts that throw, the
/// services start-up asks for, whether a canceller cancels one waiting read, whether start-up is
/// cancelled, and whether the services are stopped once start-up ended.
private struct GraphPlan {
  var reads: [[Int]]
  var failing: Set<Int> = []
  var requested: [Int]
  var cancels = false
  var cancelsStartUp = false
  var stops = false

  /// Whether start-up must fail: a service it reaches fails, or the reads form a cycle.
  var mustFail: Bool {
    var reached: Set<Int> = []
    var stack = requested
    while let next = stack.popLast() {
      if reached.insert(next).inserted { stack += reads[next] }
    }
    return !reached.isDisjoint(with: failing) || hasCycle(from: reached)
  }

  private func hasCycle(from nodes: Set<Int>) -> Bool {
    func visit(_ node: Int, _ path: Set<Int>) -> Bool {
      if path.contains(node) { return true }
      return reads[node].contains { visit($0, path.union([node])) }
    }
    return nodes.contains { visit($0, []) }
  }
}

/// A waiter that records its resumptions; its task is runnable again once resumed.
private final class RecordingWaiter: StartWaiter, StartUpWaiter, @unchecked Sendable {
  // `@unchecked Sendable`: one explorer thread uses it.
  var outcomes: [Bool] = []  // true: success
  var errors: [any Error] = []

  func deliver(_ result: Result<StartedValue, any Error>) {
    record(result.map { _ in () })
  }
  func deliver(_ result: Result<Void, any Error>) {
    record(result)
  }

  private func record(_ result: Result<Void, any Error>) {
    switch result {
    case .success: outcomes.append(true)
    case .failure(let error):
      outcomes.append(false)
      errors.append(error)
    }
  }
}

private struct Boom: Error {}

/// One logical task: start-up, a service's start, the canceller of a read, the canceller of
/// start-up, or the stopper.
private enum Task2 {
  case startUp(Phase)
  case start(service: Int, Phase)
  case canceller(done: Bool)
  case startUpCanceller(CancelPhase)
  case stopper(StopPhase)

  /// Start-up's cancellation handler: it fails start-up where it is, then cancels the starts
  /// (which ends their waits).
  enum CancelPhase {
    case failStartUp, cancelStarts, done
  }

  /// Stopping, once start-up ended: it begins, then the stops run one by one, last started
  /// first.
  enum StopPhase {
    case begin
    case stopping([ObjectIdentifier])
    case done
  }

  enum Phase {
    case step(Int)  // the next read (or requested key) to look at
    case register(Int, key: Int)  // registering a waiter for `key`
    case waiting(Int, key: Int, RecordingWaiter, token: Int)
    case endWait(Int, key: Int, ok: Bool)
    case registerStartUp
    case waitingForStartUp(RecordingWaiter)
    case finish, fail
    /// A start that ended after stopping began stops its service.
    case stopNow
    case done(Bool)
  }
}

/// One execution of a plan under a schedule.
private final class GraphWorld {
  let plan: GraphPlan
  var state = GraphState()
  var tasks: [Task2]
  var launched: [Int] = []
  var waiters: [RecordingWaiter] = []
  let box: AnyObject = Box(0)
  /// Whether start-up's cancellation handler ran, and what start-up threw.
  var startUpCancelled = false
  var startUpError: (any Error)?
  /// What went wrong during the run, seen at a step.
  var violation: String?

  init(plan: GraphPlan) {
    self.plan = plan
    state.requested = plan.requested.map { serviceKeys[$0].id }
    tasks = [.startUp(.step(0))]
    if plan.cancels { tasks.append(.canceller(done: false)) }
    if plan.cancelsStartUp { tasks.append(.startUpCanceller(.failStartUp)) }
    if plan.stops { tasks.append(.stopper(.begin)) }
  }

  private var startUpIsDone: Bool {
    if case .startUp(.done) = tasks[0] { true } else { false }
  }

  var runnable: [Int] { tasks.indices.filter { isRunnable(tasks[$0]) } }

  private func isRunnable(_ task: Task2) -> Bool {
    switch task {
    case .startUp(.done), .start(_, .done), .canceller(done: true), .startUpCanceller(.done),
      .stopper(.done):
      false
    case .startUp(.waitingForStartUp(let waiter)): !waiter.outcomes.isEmpty
    case .start(_, .waiting(_, _, let waiter, _)): !waiter.outcomes.isEmpty
    case .canceller: tasks.contains { if case .start(_, .waiting) = $0 { true } else { false } }
    // Cancelled while it runs: a cancellation after it returned changes nothing.
    case .startUpCanceller(.failStartUp): !startUpIsDone
    case .stopper(.begin): startUpIsDone
    default: true
    }
  }

  /// Takes one step of task `index`.
  func step(_ index: Int) {
    switch tasks[index] {
    case .startUp(let phase): tasks[index] = .startUp(startUp(phase))
    case .start(let service, let phase):
      tasks[index] = .start(service: service, run(service, phase))
    case .canceller:
      cancelWaits(all: false)
      tasks[index] = .canceller(done: true)
    case .startUpCanceller(let phase):
      tasks[index] = .startUpCanceller(cancelStartUp(phase))
    case .stopper(let phase):
      tasks[index] = .stopper(stop(phase))
    }
  }

  private func launch(_ service: Int) {
    launched.append(service)
    tasks.append(.start(service: service, .step(0)))
  }

  private func startUp(_ phase: Task2.Phase) -> Task2.Phase {
    switch phase {
    case .step(let k) where k < plan.requested.count:
      let key = serviceKeys[plan.requested[k]]
      if case .start = state.step(for: key, isSet: false, requester: nil) {
        launch(plan.requested[k])
      }
      return .step(k + 1)
    case .step:
      return .registerStartUp
    case .registerStartUp:
      let waiter = RecordingWaiter()
      waiters.append(waiter)
      state.startUpWaiter = waiter
      state.takeWake().resume()
      return .waitingForStartUp(waiter)
    case .waitingForStartUp(let waiter):
      startUpError = waiter.errors.first
      // Cancelled once the starts were over: it fails all the same (`ServiceGraph.start`).
      if waiter.outcomes == [true], startUpCancelled {
        startUpError = cancellationError()
        return .done(false)
      }
      if waiter.outcomes == [true] { _ = state.publish() }
      return .done(waiter.outcomes == [true])
    default:
      preconditionFailure("not a phase of start-up")
    }
  }

  private func run(_ service: Int, _ phase: Task2.Phase) -> Task2.Phase {
    let id = serviceKeys[service].id
    let reads = plan.reads[service]
    switch phase {
    case .step(let k) where k < reads.count:
      let key = serviceKeys[reads[k]]
      switch state.step(for: key, isSet: false, requester: id) {
      case .ready: return .step(k + 1)
      case .start:
        launch(reads[k])
        return .register(k, key: reads[k])
      case .wait: return .register(k, key: reads[k])
      case .fail: return .fail
      case .checkWhetherSet: preconditionFailure("asked with isSet")
      }
    case .step:
      return plan.failing.contains(service) ? .fail : .finish
    case .register(let k, let key):
      let waiter = RecordingWaiter()
      waiters.append(waiter)
      let (outcome, token) = state.addWaiter(waiter, for: serviceKeys[key].id)
      switch outcome {
      case .wait: return .waiting(k, key: key, waiter, token: token)
      case .ready: return .endWait(k, key: key, ok: true)
      case .fail: return .endWait(k, key: key, ok: false)
      case .start, .checkWhetherSet: preconditionFailure("registering a waiter starts nothing")
      }
    case .waiting(let k, let key, let waiter, _):
      return .endWait(k, key: key, ok: waiter.outcomes == [true])
    case .endWait(let k, let key, let ok):
      state.endWait(of: id, for: serviceKeys[key].id)
      return ok ? .step(k + 1) : .fail
    case .finish:
      let service = StartedService(box: box, stop: {})
      let (waiters, stopNow, wake) = state.end(id, with: .success(service))
      for waiter in waiters { waiter.deliver(.success(StartedValue(box: box))) }
      wake.resume()
      return stopNow == nil ? .done(true) : .stopNow
    case .stopNow:
      _ = state.stopEnded(id)
      return .done(true)
    case .fail:
      let (waiters, _, wake) = state.end(id, with: .failure(Boom()))
      for waiter in waiters { waiter.deliver(.failure(Boom())) }
      wake.resume()
      return .done(false)
    default:
      preconditionFailure("not a phase of a start")
    }
  }

  /// Cancels the first waiting read, or all of them, as their tasks' cancellation handlers do.
  private func cancelWaits(all: Bool) {
    for task in tasks {
      guard case .start(_, .waiting(_, let key, _, let token)) = task else { continue }
      if let removed = state.removeWaiter(token, of: serviceKeys[key].id) {
        removed.deliver(.failure(CancellationError()))
      }
      if !all { return }
    }
  }

  /// What start-up's cancellation throws (`ServiceGraph.cancellationError`).
  private func cancellationError() -> ServiceStartError? {
    let chain = state.startUpPosition().map(\.name)
    return chain.last.map {
      ServiceStartError(key: $0, chain: chain, underlying: CancellationError())
    }
  }

  /// Start-up's cancellation handler, a step at a time.
  private func cancelStartUp(_ phase: Task2.CancelPhase) -> Task2.CancelPhase {
    switch phase {
    case .failStartUp:
      startUpCancelled = true
      if let error = cancellationError() { state.failStartUp(with: error).resume() }
      // A cancelled start-up ends its wait at once, not when the starts end.
      if case .startUp(.waitingForStartUp(let waiter)) = tasks[0], waiter.outcomes.isEmpty {
        violation = violation ?? "start-up still waits after its cancellation"
      }
      return .cancelStarts
    case .cancelStarts:
      // The starts' tasks are cancelled: their waits end (a start not waiting goes on).
      cancelWaits(all: true)
      return .done
    case .done:
      preconditionFailure("a done task takes no step")
    }
  }

  /// Stopping, a step at a time: it begins, then each stop ends.
  private func stop(_ phase: Task2.StopPhase) -> Task2.StopPhase {
    switch phase {
    case .begin:
      guard let (stops, _) = state.beginStopping() else { preconditionFailure("stopped once") }
      return .stopping(stops.map(\.id))
    case .stopping(let remaining):
      guard let id = remaining.first else { return .done }
      _ = state.stopEnded(id)
      return .stopping(Array(remaining.dropFirst()))
    case .done:
      preconditionFailure("a done task takes no step")
    }
  }

  /// What is wrong with the run once no task can take a step; nil if nothing.
  func check() -> String? {
    if let violation { return violation }
    let stuck = tasks.filter {
      switch $0 {
      // A start-up canceller that never ran: start-up returned first.
      case .startUp(.done), .start(_, .done), .canceller, .startUpCanceller(.done),
        .startUpCanceller(.failStartUp), .stopper(.done):
        false
      default: true
      }
    }
    if !stuck.isEmpty { return "deadlock: \(stuck)" }
    if waiters.contains(where: { $0.outcomes.count > 1 }) { return "a waiter was resumed twice" }
    if Set(launched).count != launched.count { return "a service started twice: \(launched)" }
    if state.inFlight != 0 { return "\(state.inFlight) starts still counted as running" }
    guard case .startUp(.done(let succeeded)) = tasks[0] else { return "start-up did not end" }
    if plan.mustFail && succeeded { return "start-up succeeded although it must fail" }
    if startUpCancelled && succeeded { return "start-up succeeded although it was cancelled" }
    let canFail = plan.mustFail || plan.cancels || startUpCancelled
    if !canFail && !succeeded { return "start-up failed although it can't" }
    if let failure = startUpCheck(succeeded: succeeded) { return failure }
    if plan.stops { return stopCheck() }
    if succeeded, launched.contains(where: { life(of: $0) != .running }) {
      return "start-up succeeded with a service not running"
    }
    return nil
  }

  private func life(of service: Int) -> ServiceState? {
    state.entries[serviceKeys[service].id]?.life.state
  }

  /// What is wrong with start-up's error, if anything: a start's failure, or the cancellation
  /// error, naming a chain from a service asked for.
  private func startUpCheck(succeeded: Bool) -> String? {
    guard !succeeded else { return nil }
    guard let error = startUpError else { return "start-up failed with no error" }
    if error is Boom { return nil }
    guard let error = error as? ServiceStartError, error.underlying is CancellationError else {
      return "start-up failed with \(error)"
    }
    let asked = plan.requested.map { serviceKeys[$0].name }
    guard let first = error.chain.first, asked.contains(first), error.chain.last == error.key
    else { return "a cancelled start-up names \(error.chain)" }
    return nil
  }

  /// What is wrong once the services stopped, if anything: a service left running or stopping.
  private func stopCheck() -> String? {
    let left = launched.filter { life(of: $0) == .running || life(of: $0) == .stopping }
    return left.isEmpty ? nil : "services left running or stopping: \(left)"
  }
}

/// Runs every schedule of `plan` with at most `preemptions` switches away from a task that could
/// go on; returns the number of schedules and the first failure.
private func explore(_ plan: GraphPlan, preemptions bound: Int) -> (runs: Int, failure: String?) {
  var prefix: [Int] = []  // the task chosen at each step, for the steps replayed
  var runs = 0
  while true {
    let world = GraphWorld(plan: plan)
    var choices: [(options: [Int], chosen: Int, preempted: Int)] = []
    var current = 0
    var preempted = 0
    var steps = 0
    while case let options = world.runnable, !options.isEmpty {
      steps += 1
      if steps > 10_000 { return (runs, "a run did not end") }
      let chosen: Int
      if choices.count < prefix.count {
        chosen = prefix[choices.count]
      } else {
        chosen = options.contains(current) ? current : options[0]
      }
      if chosen != current, options.contains(current) { preempted += 1 }
      choices.append((options, chosen, preempted))
      current = chosen
      world.step(chosen)
    }
    runs += 1
    if let failure = world.check() {
      return (runs, "\(failure) (schedule \(choices.map(\.chosen)))")
    }
    // Backtrack to the last step with an untried task within the bound.
    var next: [Int]?
    for depth in choices.indices.reversed() {
      let choice = choices[depth]
      let previous = depth == 0 ? 0 : choices[depth - 1].chosen
      let before = depth == 0 ? 0 : choices[depth - 1].preempted
      let later = choice.options.filter { $0 > choice.chosen }
      for option in later {
        let costs = option != previous && choice.options.contains(previous) ? 1 : 0
        if before + costs <= bound {
          next = choices[..<depth].map(\.chosen) + [option]
          break
        }
      }
      if next != nil { break }
    }
    guard let next else { return (runs, nil) }
    prefix = next
  }
}

@Suite("Service graph: every order of its steps")
struct ServiceGraphInterleavingTests {
  @Test(arguments: [
    GraphPlanCase("a diamond", reads: [[1, 2], [3], [3], []], requested: [0, 1]),
    GraphPlanCase("a chain", reads: [[1], [2], [3], []], requested: [0, 3]),
    GraphPlanCase(
      "a failing start read twice", reads: [[2], [2], [], []], failing: [2], requested: [0, 1]),
    GraphPlanCase("a cycle of three", reads: [[1], [2], [0], []], requested: [0, 2]),
    GraphPlanCase("a service reading itself", reads: [[0], [], [], []], requested: [0, 1]),
    GraphPlanCase(
      "a cancelled read", reads: [[2], [2], [], []], requested: [0, 1], cancels: true),
    GraphPlanCase(
      "a start read twice, stopped", reads: [[2], [2], [], []], requested: [0, 1], stops: true),
    GraphPlanCase(
      "a chain whose start-up is cancelled, stopped", reads: [[1], [], [], []], requested: [0],
      cancelsStartUp: true, stops: true),
    GraphPlanCase(
      "a failing start whose start-up is cancelled, stopped", reads: [[1], [], [], []],
      failing: [1], requested: [0], cancelsStartUp: true, stops: true),
  ])
  func everyScheduleEndsAsThePlanSays(_ plan: GraphPlanCase) {
    let (runs, failure) = explore(plan.plan, preemptions: 3)
    #expect(failure == nil, "\(plan.name): \(failure ?? "")")
    #expect(runs > 1, "\(plan.name): explored \(runs) schedules")
  }
}

/// A plan, named for the test's arguments.
struct GraphPlanCase: Sendable, CustomTestStringConvertible {
  let name: String
  fileprivate let plan: GraphPlan

  init(
    _ name: String, reads: [[Int]], failing: Set<Int> = [], requested: [Int],
    cancels: Bool = false, cancelsStartUp: Bool = false, stops: Bool = false
  ) {
    self.name = name
    plan = GraphPlan(
      reads: reads, failing: failing, requested: requested, cancels: cancels,
      cancelsStartUp: cancelsStartUp, stops: stops)
  }

  var testDescription: String { name }
}
