import Foundation

// Usage: Benchmarks [--filter TEXT] [--library NAME] [--json] [--quick] [--single-threaded]
//        Benchmarks --counted-operations | --count NAME [--setup-only] | --count-allocations NAME
//                   (see Scripts/instruction-budgets)
//        Benchmarks --check-instruction-budgets FILE --counts FILE --toolchain "$(swift --version | head -1)"
//   --filter TEXT      run only the scenarios whose name contains TEXT (case-insensitive; several
//                      alternatives separated by "|")
//   --library NAME     measure only that library's figures (for profiling one library)
//   --json             print the results as JSON instead of a table
//   --quick            one short sample per figure: a smoke test, not a measurement
//   --single-threaded  do not start the background thread (see below)
//
// By default a parked background thread is started first, so that the process is multi-threaded,
// as every real app is: while a process has a single thread, glibc skips the atomic instructions
// of `pthread_mutex` (and so of `NSLock`), which makes lock-based code, ours and the peers', look
// cheaper than it ever is in an app.

let arguments = CommandLine.arguments.dropFirst()
let settings = arguments.contains("--quick") ? Settings.quick : Settings()
let json = arguments.contains("--json")
/// The value of option `name`, if given.
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { index in
    arguments.index(after: index) < arguments.endIndex
      ? arguments[arguments.index(after: index)] : nil
  }
}
let filter = option("--filter")
let library = option("--library")

Floors.installOpaqueReader()
let multiThreaded = !arguments.contains("--single-threaded")
if multiThreaded { startParkedThread() }

// Scripts/instruction-budgets' modes: list, run or judge the operations it counts.
if arguments.contains("--counted-operations") {
  for operation in CountedOperation.all { print(operation.name) }
  exit(0)
}
if let name = option("--count") {
  guard CountedOperation.run(name, setupOnly: arguments.contains("--setup-only")) else {
    FileHandle.standardError.write(
      Data("no counted operation named \"\(name)\"; see --counted-operations\n".utf8))
    exit(2)
  }
  exit(0)
}
if let name = option("--count-allocations") {
  guard let allocations = CountedOperation.allocations(name) else {
    FileHandle.standardError.write(
      Data("cannot count allocations of \"\(name)\" (no such operation, or not glibc)\n".utf8))
    exit(2)
  }
  print(allocations)
  exit(0)
}
// The child process of the "missing-value report" scenario (see `ReportBenchmarks`).
if arguments.contains(ReportBenchmarks.childArgument) {
  print(ReportBenchmarks.measureInChild(settings))
  exit(0)
}
if let budgets = option("--check-instruction-budgets"), let counts = option("--counts") {
  let toolchain = option("--toolchain") ?? ""
  exit(
    try InstructionBudgets.check(budgetsPath: budgets, countsPath: counts, toolchain: toolchain)
      ? 0 : 1)
}

let ours = "swift-composable-env"
let pointFree = "swift-dependencies"
let swinject = "Swinject"
let reference = "reference"

/// A scenario: a name and the figures of every library that has an equivalent.
struct Scenario {
  let name: String
  let unit: String
  /// Measured after every other scenario, though reported at its place in the list: its setup
  /// changes the process for good, and the scenarios measured after it would measure that process.
  let measuredLast: Bool
  let figures: [(library: String, measure: (Settings) -> Double?)]

  init(
    _ name: String, unit: String = "ns/op", measuredLast: Bool = false,
    _ figures: [(String, (Settings) -> Double?)]
  ) {
    self.name = name
    self.unit = unit
    self.measuredLast = measuredLast
    self.figures = figures.map { (library: $0.0, measure: $0.1) }
  }
}

var scenarios: [Scenario] = [
  Scenario("floor: stored property read", [(reference, Floors.storedProperty)]),
  Scenario("floor: NSLock lock+read+unlock", [(reference, Floors.nsLock)]),
  Scenario("floor: pthread_mutex lock+read+unlock", [(reference, Floors.pthreadMutex)]),
  Scenario("floor: [ObjectIdentifier: Any] + as!", [(reference, Floors.dictionaryAndCast)]),
  Scenario("floor: read a task-local object inside its binding", [(reference, Floors.taskLocalRead)]),
  Scenario(
    "read at root",
    [
      (ours, { ComposableBenchmarks.read(depth: 0, $0) }),
      (pointFree, PointFreeBenchmarks.read),
      (swinject, { SwinjectBenchmarks.resolve(depth: 0, $0) }),
    ]
  ),
  Scenario("read via subscript, depth 1", [(ours, ComposableBenchmarks.subscriptRead)]),
  Scenario(
    "read by key type, depth 1",
    [(ours, ComposableBenchmarks.keyTypeRead), (pointFree, PointFreeBenchmarks.read)]
  ),
  Scenario(
    "Swinject synchronized resolve at root", [(swinject, SwinjectBenchmarks.synchronizedResolve)]),
]
for depth in [1, 10, 100, 1000] {
  scenarios.append(
    Scenario(
      "read, depth \(depth)",
      [
        (ours, { ComposableBenchmarks.read(depth: depth, $0) }),
        (pointFree, PointFreeBenchmarks.read),
        (swinject, { SwinjectBenchmarks.resolve(depth: depth, $0) }),
      ]
    )
  )
}
scenarios += [
  Scenario(
    "GlobalEnv read outside a scope",
    [(ours, GlobalBenchmarks.readOutsideScope), (pointFree, PointFreeBenchmarks.read)]
  ),
  Scenario(
    "GlobalEnv read by key type outside a scope",
    [(ours, GlobalBenchmarks.keyTypeReadOutsideScope), (pointFree, PointFreeBenchmarks.read)]
  ),
  Scenario(
    "GlobalEnv read inside a scope",
    [
      (ours, GlobalBenchmarks.readInsideScope),
      (pointFree, PointFreeBenchmarks.readInsideWithDependencies),
    ]
  ),
  Scenario(
    "GlobalEnv read inside 3 nested scopes",
    [
      (ours, GlobalBenchmarks.readInsideThreeScopes),
      (pointFree, PointFreeBenchmarks.readInsideThreeWithDependencies),
    ]
  ),
  Scenario(
    "GlobalEnv read of a model made in a scope, after it",
    [
      (ours, GlobalBenchmarks.readCapturedAfterScope),
      (pointFree, PointFreeBenchmarks.readCapturedAfterScope),
    ]
  ),
  Scenario(
    "GlobalEnv read of a model made in a scope, in another scope",
    [
      (ours, GlobalBenchmarks.readCapturedInAnotherScope),
      (pointFree, PointFreeBenchmarks.readCapturedInAnotherScope),
    ]
  ),
  Scenario(
    "GlobalEnv make + read a model after 1 ended scope",
    [(ours, { GlobalBenchmarks.makeAndReadAfterEndedScopes(1, $0) })]
  ),
  Scenario(
    "GlobalEnv make + read a model after 20,000 ended scopes",
    [(ours, { GlobalBenchmarks.makeAndReadAfterEndedScopes(20_000, $0) })]
  ),
  Scenario(
    "GlobalEnv enter a withDependencies scope, depth 1",
    [(ours, { GlobalBenchmarks.enterNestedScope(depth: 1, $0) })]
  ),
  Scenario(
    "GlobalEnv enter a withDependencies scope, depth 10,000",
    [(ours, { GlobalBenchmarks.enterNestedScope(depth: 10_000, $0) })]
  ),
  Scenario(
    "GlobalEnv heap growth of a scope over 20,000 ended scopes", unit: "bytes",
    [(ours, { _ in GlobalBenchmarks.heapGrowthOverEndedScopes(20_000) })]
  ),
  // Scopes as code written for swift-dependencies makes them (issue 53).
  Scenario(
    "GlobalEnv enter a scope that sets one key",
    [(ours, FreshScopeBenchmarks.enterScopeSettingOneKey)]
  ),
  Scenario(
    "GlobalEnv enter an async scope that sets one key",
    [(ours, FreshScopeBenchmarks.enterAsyncScopeSettingOneKey)]
  ),
  Scenario(
    "GlobalEnv enter a scope that sets one key, read a key set in it",
    [(ours, { FreshScopeBenchmarks.enterScopeAndRead(.inTheScope, $0) })]
  ),
  Scenario(
    "GlobalEnv enter a scope that sets one key, read a key set in an enclosing scope",
    [(ours, { FreshScopeBenchmarks.enterScopeAndRead(.inAnEnclosingScope, $0) })]
  ),
  Scenario(
    "GlobalEnv enter a scope that sets one key, read a key set process-wide",
    [(ours, { FreshScopeBenchmarks.enterScopeAndRead(.processWide, $0) })]
  ),
  Scenario(
    "GlobalEnv enter a scope that sets one key, read a key set nowhere",
    [(ours, { FreshScopeBenchmarks.enterScopeAndRead(.nowhere, $0) })]
  ),
  Scenario(
    "GlobalEnv request: a scope that sets one key, 6 reads in it",
    [
      (ours, FreshScopeBenchmarks.requestReadingSix),
      (pointFree, PointFreeBenchmarks.requestReadingSix),
    ]
  ),
  Scenario(
    "paper graph: AccessAll through withDependencies(from: container) (per iteration)",
    [
      (ours, GraphBenchmarks.globalEnvAccessAllFrom),
      (pointFree, GraphBenchmarks.pointFreeAccessAllFrom),
      (swinject, GraphBenchmarks.swinjectAccessAll),
    ]
  ),
  Scenario(
    "paper graph: AccessAll through withDependencies { } (per iteration)",
    [
      (ours, GraphBenchmarks.globalEnvAccessAllInScope),
      (pointFree, GraphBenchmarks.pointFreeAccessAllInScope),
    ]
  ),
  Scenario(
    "paper graph: AccessAll, ComposableEnv environment properties (per iteration)",
    [(ours, GraphBenchmarks.composableAccessAll), (swinject, GraphBenchmarks.swinjectAccessAll)]
  ),
  Scenario(
    "paper graph: GlobalEnv make a container, then read every class once",
    [
      (ours, GraphBenchmarks.globalEnvMakeAndReadAll),
      (pointFree, GraphBenchmarks.pointFreeMakeAndReadAll),
      (swinject, GraphBenchmarks.swinjectMakeAndReadAll),
    ]
  ),
  Scenario(
    "paper graph: ComposableEnv make an environment, then read every class once",
    [
      (ours, GraphBenchmarks.composableMakeAndReadAll),
      (pointFree, GraphBenchmarks.pointFreeMakeAndReadAll),
      (swinject, GraphBenchmarks.swinjectMakeAndReadAll),
    ]
  ),
]
for size in [10, 1_000, 10_000] {
  scenarios.append(
    Scenario(
      "override root of \(size)-node tree, read a leaf",
      [(ours, { ComposableBenchmarks.overrideThenRead(treeSize: size, $0) })]
    )
  )
}
scenarios += [
  Scenario("create a root", [(ours, ComposableBenchmarks.createRoot)]),
  Scenario(
    "create a root, derive a child",
    [
      (ours, ComposableBenchmarks.createRootAndDeriveChild),
      (swinject, SwinjectBenchmarks.createChild),
    ]
  ),
  Scenario("read a cached derived child", [(ours, ComposableBenchmarks.readDerivedChild)]),
  Scenario(
    "create a root, read 10 dependencies",
    [
      (ours, ComposableBenchmarks.createRootAndReadTen),
      (pointFree, PointFreeBenchmarks.createAndReadTen),
      (swinject, SwinjectBenchmarks.createAndResolveTen),
    ]
  ),
  Scenario(
    "create an uncached child, read 3 dependencies",
    [
      (ours, ComposableBenchmarks.makeChildAndReadThree),
      (swinject, SwinjectBenchmarks.createChildAndResolveThree),
    ]
  ),
  Scenario(
    "1 thread reading (per read)",
    [(ours, { ComposableBenchmarks.concurrentReads(threads: 1, sameNode: false, $0) })]
  ),
  Scenario(
    "2 threads reading, separate nodes (per read)",
    [(ours, { ComposableBenchmarks.concurrentReads(threads: 2, sameNode: false, $0) })]
  ),
  Scenario(
    "2 threads reading, one node (per read)",
    [(ours, { ComposableBenchmarks.concurrentReads(threads: 2, sameNode: true, $0) })]
  ),
  Scenario(
    "4 threads reading, separate nodes (per read)",
    [(ours, { ComposableBenchmarks.concurrentReads(threads: 4, sameNode: false, $0) })]
  ),
  Scenario(
    "4 threads reading, one node (per read)",
    [(ours, { ComposableBenchmarks.concurrentReads(threads: 4, sameNode: true, $0) })]
  ),
  Scenario(
    "server requests, 1 thread (per request)",
    [(ours, { ComposableBenchmarks.concurrentRequests(threads: 1, $0) })]
  ),
  // Its setup leaves 2,000 exited threads' reader records in the process for good, which every
  // later write's scan loads: it is measured after every other scenario (`measuredLast`), so that
  // no other row measures that process, and listed here, beside the row it is compared with.
  Scenario(
    "request after 2,000 reader threads exited (per request)", measuredLast: true,
    [(ours, ComposableBenchmarks.requestAfterReaderThreadsExited)]
  ),
  Scenario(
    "server requests, 2 threads, one app (per request)",
    [(ours, { ComposableBenchmarks.concurrentRequests(threads: 2, $0) })]
  ),
  Scenario(
    "server requests, 4 threads, one app (per request)",
    [(ours, { ComposableBenchmarks.concurrentRequests(threads: 4, $0) })]
  ),
  Scenario(
    "server requests, 2 threads, an app each (per request)",
    [(ours, { ComposableBenchmarks.concurrentRequests(threads: 2, sharedApp: false, $0) })]
  ),
  Scenario(
    "floor: make and free 9 objects, 1 thread",
    [(reference, { ScalingFloors.allocations(threads: 1, $0) })]
  ),
  Scenario(
    "floor: make and free 9 objects, 2 threads",
    [(reference, { ScalingFloors.allocations(threads: 2, $0) })]
  ),
  Scenario(
    "floor: set and get a computed property through a key path, 1 thread",
    [(reference, { ScalingFloors.keyPathProjections(threads: 1, $0) })]
  ),
  Scenario(
    "floor: set and get a computed property through a key path, 2 threads",
    [(reference, { ScalingFloors.keyPathProjections(threads: 2, $0) })]
  ),
  Scenario(
    "requests that set a value and read 6 keys, 1 thread (per request)",
    [(ours, { ComposableBenchmarks.concurrentRequestsReadingSix(threads: 1, $0) })]
  ),
  Scenario(
    "requests that set a value and read 6 keys, 2 threads, one app (per request)",
    [(ours, { ComposableBenchmarks.concurrentRequestsReadingSix(threads: 2, $0) })]
  ),
  Scenario(
    "requests that set a value and read 6 keys, 4 threads, one app (per request)",
    [(ours, { ComposableBenchmarks.concurrentRequestsReadingSix(threads: 4, $0) })]
  ),
  Scenario(
    "first read of a key at a primed node", [(ours, ComposableBenchmarks.firstReadAtPrimedNode)]),
  Scenario("missing-value report (per report)", [(ours, ReportBenchmarks.missingValueReport)]),
  Scenario(
    "read through a key path made at run time",
    [(ours, ManyKeysBenchmarks.runTimeKeyPathRead), (pointFree, PointFreeBenchmarks.runTimeKeyPathRead)]
  ),
  Scenario(
    "floor: make a key path with an argument",
    [(reference, ManyKeysBenchmarks.makeRunTimeKeyPath)]
  ),
  Scenario(
    "read through a key path made by appending",
    [(ours, ManyKeysBenchmarks.appendedKeyPathRead), (pointFree, PointFreeBenchmarks.read)]
  ),
  Scenario(
    "floor: append a key path", [(reference, ManyKeysBenchmarks.makeAppendedKeyPath)]
  ),
  Scenario(
    "write on a node, no readers (per write)",
    [(ours, { ManyKeysBenchmarks.writeUnderReaders(readers: 0, $0) })]
  ),
  Scenario(
    "write on a node while 2 threads read it (per write)",
    [(ours, { ManyKeysBenchmarks.writeUnderReaders(readers: 2, $0) })]
  ),
  Scenario(
    "re-resolve after a write, 10 keys",
    [(ours, { ManyKeysBenchmarks.reResolveAfterWrite(keys: 10, $0) })]
  ),
  Scenario(
    "re-resolve after a write, 100,000 keys",
    [(ours, { ManyKeysBenchmarks.reResolveAfterWrite(keys: 100_000, $0) })]
  ),
  Scenario(
    "write with 10 values on the node",
    [(ours, { ManyKeysBenchmarks.writeAmongValues(10, $0) })]
  ),
  Scenario(
    "write with 10,000 values on the node",
    [(ours, { ManyKeysBenchmarks.writeAmongValues(10_000, $0) })]
  ),
  Scenario(
    "services: start + stop, 1,000 in a random DAG (per service)",
    [(ours, ServiceBenchmarks.startAndStopRandomDAG)]
  ),
  Scenario(
    "services: start + stop, a chain of 100 (per service)", [(ours, ServiceBenchmarks.startAndStopChain)]
  ),
  Scenario(
    "services: 100 independent 10 ms starts, in times one start", unit: "×",
    [(ours, ServiceBenchmarks.hundredSleepingStartsAgainstOne)]
  ),
  Scenario(
    "request child with 3 request-scoped resources (per request)",
    [(ours, ServiceBenchmarks.requestWithThreeResources)]
  ),
  Scenario(
    "request child, plain makeChild + 3 reads, async (per request)",
    [(ours, ServiceBenchmarks.plainRequest)]
  ),
  Scenario(
    "heap per bare node, unread", unit: "bytes/node",
    [(ours, { _ in MemoryBenchmarks.bytesPerBareNode(count: 2_000, read: false) })]
  ),
  Scenario(
    "heap per bare node, after one read", unit: "bytes/node",
    [(ours, { _ in MemoryBenchmarks.bytesPerBareNode(count: 2_000, read: true) })]
  ),
]

for keys in [1, 64, 1_024, 4_096] {
  scenarios.append(
    Scenario(
      "floor: \(keys) boxed values read round",
      [(reference, { ManyKeysBenchmarks.boxedValuesReadRound(keys: keys, $0) })]
    )
  )
  for threads in [1, 2] {
    scenarios.append(
      Scenario(
        "cached read, \(keys) keys on the node, \(threads) thread\(threads == 1 ? "" : "s") (per read)",
        [(ours, { ManyKeysBenchmarks.cachedRead(keys: keys, threads: threads, $0) })]
      )
    )
  }
  scenarios.append(
    Scenario(
      "cached read of one key, \(keys) keys on the node (per read)",
      [(ours, { ManyKeysBenchmarks.cachedRead(keys: keys, threads: 1, roundAll: false, $0) })]
    )
  )
}

if let filter {
  let alternatives = filter.split(separator: "|").map(String.init)
  scenarios = scenarios.filter { scenario in
    alternatives.contains { scenario.name.localizedCaseInsensitiveContains($0) }
  }
}

var resultsByScenario: [String: [Result]] = [:]
for scenario in scenarios.filter({ !$0.measuredLast }) + scenarios.filter(\.measuredLast) {
  for figure in scenario.figures where library == nil || figure.library == library {
    if let value = figure.measure(settings) {
      resultsByScenario[scenario.name, default: []].append(
        Result(scenario: scenario.name, library: figure.library, value: value, unit: scenario.unit))
    }
  }
  if !json { FileHandle.standardError.write(Data("measured: \(scenario.name)\n".utf8)) }
}
// In the order of the list, whatever the order of measuring.
let results = scenarios.flatMap { resultsByScenario[$0.name] ?? [] }

let report = Report(results: results)
if json {
  print(report.json())
} else {
  print(report.table())
  print(report.targetsTable())
  print(
    "\n(\(multiThreaded ? "multi-threaded process" : "single-threaded process"), \(settings.samples) samples per figure, best reported)"
  )
}
