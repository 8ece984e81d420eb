import ComposableEnv
import Foundation
import TestSupport
import Testing

/// The concurrency model: no lock of the library is held while user code runs, so a default or
/// an initializer may hand work to other threads and wait for it, a value's `deinit` or
/// `debugDescription` may read the environment, and slow user code delays only the threads that
/// need its result. Every test that could hang on a regression runs under a watchdog.
@Suite("Concurrency model")
struct ConcurrencyModelTests {
  // MARK: Hand-off (a default that waits for another thread reading the same tree)

  /// The hand-off tests share one slot that tells the client's default which environment to
  /// read from: they run one at a time.
  @Suite("Hand-off", .serialized)
  struct HandoffTests {
    /// The test's task is suspended while the default waits: a detached task needs a thread of
    /// the cooperative pool, which tests running beside this one may all be holding for a while
    /// (hence also the long watchdog: a hang is forever).
    @Test(arguments: [Handoff.thread, .dispatchQueue, .detachedTask])
    func defaultWaitingForAThreadThatReadsAnotherDependencyCompletes(handoff: Handoff) async {
      let environment = HandoffEnvironment.make(handoff: handoff)
      let client = Shared("")
      #expect(await finishesWhileSuspended { client.value = environment.client })
      #expect(client.value == "client using 7")
    }

    @Test func handOffCompletesWhenTheOtherDependencyWasReadBeforeAndAWriteHappenedSince() {
      let environment = HandoffEnvironment.make(handoff: .thread)
      #expect(environment.other == 7)
      environment.with(\.unrelatedNumber, 1)
      #expect(finishes { _ = environment.client })
    }

    @Test func handOffCompletesInADerivedEnvironment() {
      let environment = HandoffEnvironment.make(handoff: .dispatchQueue)
      let child = environment.child
      #expect(finishes { _ = child.client })
    }
  }

  // MARK: Cross-thread cycle

  #if compiler(>=6.2)  // exit tests
    @Test func crossThreadCycleInADefaultIsReportedAfterTwoSecondsNamingTheKey() async throws {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        let environment = CrossThreadCycleEnvironment()
        CrossThreadCycleEnvironment.shared.value = environment
        waitForStandardError(containing: "This thread keeps waiting") {
          Thread { _ = environment.cyclic }.start()
        }
        exit(0)
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains("has waited 2 s for the default value of DependencyKeys.CrossThreadCycle"))
      #expect(message.contains("Work in progress, by thread:"))
      #expect(
        message.contains("waiting for the default value of DependencyKeys.CrossThreadCycle on"))
      #expect(message.contains("This thread keeps waiting"))
    }
  #endif

  #if compiler(>=6.2)  // exit tests
    @Test func crossThreadCycleInAChildInitializerIsReportedAfterTwoSeconds() async throws {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        let parent = CyclicInitParent()
        CyclicInitParent.shared.value = parent
        waitForStandardError(containing: "has waited 2 s for creating CyclicInitChild") {
          Thread { _ = parent.child }.start()
        }
        exit(0)
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "has waited 2 s for creating CyclicInitChild derived from CyclicInitParent"))
    }
  #endif

  // MARK: Stalls

  @Test func whileASlowDefaultIsComputedOtherReadsAndWritesOfTheTreeDoNotWait() {
    let environment = StallEnvironment()
    _ = environment.fast
    runInBackground { _ = environment.slow }
    StallGate.slow.started.wait()
    #expect(
      finishes {
        environment.with(\.unrelatedNumber, 2)
        _ = environment.fast
        environment.with(\.neverRead, 3)
        _ = environment.child.fast
      }, "finished while the slow default was still being computed")
    StallGate.slow.release()
  }

  @Test func twoSlowDefaultsOfDifferentKeysAreComputedInParallel() {
    let environment = StallEnvironment()
    #expect(
      finishes {
        let group = DispatchGroup()
        group.enter()
        runInBackground {
          _ = environment.parallelFirst
          group.leave()
        }
        group.enter()
        runInBackground {
          _ = environment.parallelSecond
          group.leave()
        }
        group.wait()
      })
    #expect(
      ParallelGate.sawEachOther.value == [true, true],
      "each default was computing while the other was")
  }

  @Test func threadsNeedingTheSameSlowDefaultWaitForTheOneComputation() {
    let environment = StallEnvironment()
    let values = Shared([Int]())
    #expect(
      finishes {
        let group = DispatchGroup()
        for _ in 0..<4 {
          group.enter()
          runInBackground {
            let value = environment.sharedSlow
            values.update { $0.append(value) }
            group.leave()
          }
        }
        group.wait()
      })
    #expect(values.value.count == 4)
    #expect(Set(values.value).count == 1)
    #expect(SharedSlowCounter.shared.count == 1)
  }

  // MARK: Derivation

  @Test func slowChildInitializerDelaysOnlyThatChildsReaders() {
    let parent = SlowInitParent()
    runInBackground { _ = parent.slow }
    SlowInitGate.stall.started.wait()
    #expect(
      finishes {
        _ = parent.quick
        _ = UnrelatedParent().child
        _ = parent.derived(QuickChild.self, id: 1)
      }, "finished while the slow child's initializer was still running")
    SlowInitGate.stall.release()
  }

  @Test func childInitializerWaitingForADerivationInAnotherTreeCompletes() {
    #expect(finishes { _ = WaitingInitParent().child })
  }

  // MARK: Values released or rendered by the library

  @Test func valueWhoseDeinitReadsTheEnvironmentCanBeReplacedWithWith() {
    let environment = DeinitEnvironment()
    let released = Counter()
    #expect(
      finishes {
        environment.with(\.tracked, Tracked(reading: environment, released: released))
        _ = environment.tracked
        environment.with(\.tracked, Tracked(reading: nil, released: Counter()))
      })
    // A table retired while another thread (another test) is pinned is freed as that thread
    // unpins: at once, unless the OS holds that thread mid-read.
    #expect(becomesTrue { released.count == 1 })
  }

  @Test func valueWhoseDeinitReadsTheEnvironmentCanBeReplacedWithTheSubscript() {
    let environment = DeinitEnvironment()
    let released = Counter()
    #expect(
      finishes {
        environment[\.tracked] = Tracked(reading: environment, released: released)
        _ = environment.child.tracked
        environment[\.tracked] = Tracked(reading: nil, released: Counter())
        _ = environment.child.tracked
      })
    // A table retired while another thread (another test) is pinned is freed as that thread
    // unpins: at once, unless the OS holds that thread mid-read.
    #expect(becomesTrue { released.count == 1 })
  }

  @Test func dependencyTreeRendersAValueWhoseDescriptionReadsTheEnvironment() {
    let environment = DeinitEnvironment()
    environment.with(\.tracked, Tracked(reading: environment, released: Counter()))
    let tree = Shared("")
    #expect(finishes { tree.value = environment.dependencyTree() })
    #expect(tree.value.contains("Tracked(reads 5)"))
    environment.with(\.tracked, Tracked(reading: nil, released: Counter()))
  }

  // MARK: Writes and aliases evaluate no default

  @Test func withDoesNotComputeTheLiveDefault() {
    let environment = WriteEnvironment().with(\.writtenClient, Client(name: "stub"))
    #expect(becomesTrue { WrittenClientCounter.shared.count == 0 })
    #expect(environment.writtenClient.name == "stub")
    #expect(becomesTrue { WrittenClientCounter.shared.count == 0 })
  }

  /// A property whose type is not its key's (here `Client?` over a `Client` key): the getter that
  /// the write runs first is handed the written value, cast, not the key's live default.
  @Test func writingAPropertyOfAnotherTypeThanItsKeyComputesNoDefault() {
    let environment = WriteEnvironment().with(\.optionalClient, Client(name: "stub"))
    #expect(becomesTrue { OptionalClientCounter.shared.count == 0 })
    #expect(environment.child[\.optionalClient]?.name == "stub")
    #expect(becomesTrue { OptionalClientCounter.shared.count == 0 })
  }

  @Test func subscriptSetterDoesNotComputeTheLiveDefault() {
    let environment = WriteEnvironment()
    environment[\.subscriptClient] = Client(name: "stub")
    #expect(environment.child.subscriptClient.name == "stub")
    #expect(becomesTrue { SubscriptClientCounter.shared.count == 0 })
  }

  @Test func aliasingComputesNoDefault() {
    let environment = WriteEnvironment().aliasing(\.aliasedClient, to: \.referenceClient)
    #expect(becomesTrue { AliasedClientCounter.shared.count == 0 })
    #expect(becomesTrue { ReferenceClientCounter.shared.count == 0 })
    environment.with(\.referenceClient, Client(name: "stub"))
    #expect(environment.child.aliasedClient.name == "stub")
    #expect(becomesTrue { AliasedClientCounter.shared.count == 0 })
    #expect(becomesTrue { ReferenceClientCounter.shared.count == 0 })
  }

  @Test func pendingAliasReadsTheReferenceDefaultOnceWhenNothingIsSet() {
    let environment = WriteEnvironment().aliasing(\.pendingAliased, to: \.pendingReference)
    #expect(environment.child.pendingAliased.name == "reference live")
    #expect(environment.pendingReference.name == "reference live")
    #expect(PendingReferenceCounter.shared.count == 1)
    #expect(becomesTrue { PendingAliasedCounter.shared.count == 0 })
  }

  // MARK: A child's initializer sees its parent's values

  @Test func derivedChildInitializerReadsItsParentsOverride() {
    let parent = InitReadingParent().with(\.initRead, "override")
    #expect(parent.child.seenInInit == "override")
    #expect(parent.derived(InitReadingChild.self, id: 2).seenInInit == "override")
    #expect(InitReadCounter.shared.count == 0)
  }

  // MARK: Readers of one node, and memory under write churn

  @Test func manyThreadsReadingOneNodeSeeItsValue() {
    let environment = StallEnvironment().with(\.unrelatedNumber, 11)
    let child = environment.child
    let wrong = Counter()
    #expect(
      finishes {
        let group = DispatchGroup()
        for _ in 0..<8 {
          group.enter()
          runInBackground {
            for _ in 0..<20_000 where child.unrelatedNumber != 11 { wrong.increment() }
            group.leave()
          }
        }
        group.wait()
      })
    #expect(wrong.count == 0)
  }

  @Test func aLeafWrittenWhileReadEndsWithItsLastValue() {
    // A write to a node without children leaves the tree's caches valid; a read in flight when
    // the node is written must not cache what it saw before the write.
    let app = AppEnvironment()
    let stale = Shared(0)
    #expect(
      finishes {
        for _ in 0..<10 {
          let leaf = app.makeChild(FeatureEnvironment.self)
          let stop = Shared(false)
          let readers = DispatchGroup()
          for _ in 0..<2 {
            readers.enter()
            runInBackground {
              while !stop.value { _ = leaf.number }
              readers.leave()
            }
          }
          for value in 1...5_000 { leaf.with(\.number, value) }
          stop.value = true
          readers.wait()
          if leaf.number != 5_000 || leaf[\.number] != 5_000 { stale.update { $0 += 1 } }
        }
      })
    #expect(stale.value == 0)
  }

  /// Every override replaces the root's value and drops the child's cached table, which held the
  /// old value: nothing may keep either (a retired table that is never freed would). Checked with
  /// weak references rather than the heap, which the tests running beside this one move.
  @Test func everyValueReplacedByOverridesInterleavedWithReadsIsReleased() {
    let sampled = Shared<[Weak<Token>]>([])
    #expect(
      finishes {
        let root = FeatureEnvironment()
        let child = root.next
        for index in 0..<100_000 {
          let token = Token()
          root.with(\.setToken, token)
          precondition(child[\.setToken] === token)
          if index.isMultiple(of: 1_000) { sampled.update { $0.append(Weak(token)) } }
        }
        root.with(\.setToken, Token())
        _ = child[\.setToken]
      })
    #expect(sampled.value.count == 100)
    #expect(becomesTrue { sampled.value.allSatisfy { $0.value == nil } })
  }

  // MARK: Structure at scale

  /// Each link is derived from the last: a cost per derivation that grew with the chain would
  /// not finish under the watchdog. (What a derivation costs is a Benchmarks row, "derive a
  /// child".)
  @Test func aChainOf40000DerivedEnvironmentsIsBuilt() {
    let depth = Shared(0)
    #expect(
      finishes {
        var link = ChainLink()
        for _ in 0..<40_000 {
          link = link.next
          depth.value += 1
        }
      })
    #expect(depth.value == 40_000)
  }

  @Test func releasingAChainOf100000EnvironmentsDoesNotOverflowTheStack() {
    #expect(
      finishes(stackSize: 512 << 10) {
        var root: ChainLink? = ChainLink()
        var link = root!
        for _ in 0..<100_000 { link = link.next }
        root = nil
        _ = link.number  // the last link outlives its ancestors' environments
      })
  }
}

// MARK: - Fixtures

enum Handoff: Sendable, CaseIterable {
  case thread, dispatchQueue, detachedTask

  /// Runs `work` on another thread, the way this hand-off does.
  func run(_ work: @escaping @Sendable () -> Void) {
    switch self {
    case .thread: Thread(block: work).start()
    case .dispatchQueue: DispatchQueue.global().async(execute: work)
    case .detachedTask: Task.detached { work() }
    }
  }
}

/// An environment whose client's default builds the client on another thread, which reads
/// another dependency of the same environment, and waits for it.
final class HandoffEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.handoffClient) var client
  @Dependency(\.handoffOther) var other
  @DerivedEnvironment<HandoffEnvironment> var child

  /// Which environment the client's default reads from, and how it hands off.
  static let slot = Shared<(HandoffEnvironment, Handoff)?>(nil)

  /// A root that the client's default will read from.
  static func make(handoff: Handoff) -> HandoffEnvironment {
    let environment = HandoffEnvironment()
    slot.value = (environment, handoff)
    return environment
  }
}

final class CrossThreadCycleEnvironment: ComposableEnvironment, @unchecked Sendable {
  static let shared = Shared<CrossThreadCycleEnvironment?>(nil)
  @Dependency(\.crossThreadCycle) var cyclic
}

final class CyclicInitParent: ComposableEnvironment, @unchecked Sendable {
  static let shared = Shared<CyclicInitParent?>(nil)
  @DerivedEnvironment<CyclicInitChild> var child
}

/// A child whose initializer waits for another thread that needs this same child.
final class CyclicInitChild: ComposableEnvironment, @unchecked Sendable {
  required init() {
    super.init()
    let done = DispatchSemaphore(value: 0)
    Thread {
      _ = CyclicInitParent.shared.value?.child
      done.signal()
    }.start()
    done.wait()
  }
}

final class StallEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.slowNumber) var slow
  @Dependency(\.fastNumber) var fast
  @Dependency(\.parallelFirst) var parallelFirst
  @Dependency(\.parallelSecond) var parallelSecond
  @Dependency(\.sharedSlow) var sharedSlow
  @DerivedEnvironment<StallEnvironment> var child
}

enum StallGate {
  static let slow = Stall()
}

/// Two defaults that each wait for the other to start (at most 30 s): both see the other only if
/// they are computed at the same time.
enum ParallelGate {
  static let firstStarted = DispatchSemaphore(value: 0)
  static let secondStarted = DispatchSemaphore(value: 0)
  static let sawEachOther = Shared<[Bool]>([])

  static func meet(signalling own: DispatchSemaphore, waitingFor other: DispatchSemaphore) {
    own.signal()
    let saw = other.wait(timeout: .now() + hangDeadline) == .success
    sawEachOther.update { $0.append(saw) }
  }
}

enum SharedSlowCounter {
  static let shared = Counter()
}

enum SlowInitGate {
  static let stall = Stall()
}

final class SlowInitParent: ComposableEnvironment, @unchecked Sendable {
  @DerivedEnvironment<SlowChild> var slow
  @DerivedEnvironment<QuickChild> var quick
}

final class SlowChild: ComposableEnvironment, @unchecked Sendable {
  required init() {
    SlowInitGate.stall.enter()
    super.init()
  }
}

final class QuickChild: ComposableEnvironment, @unchecked Sendable {}

final class UnrelatedParent: ComposableEnvironment, @unchecked Sendable {
  @DerivedEnvironment<QuickChild> var child
}

final class WaitingInitParent: ComposableEnvironment {
  @DerivedEnvironment<WaitingChild> var child
}

/// A child whose initializer waits for another thread that derives in an unrelated tree.
final class WaitingChild: ComposableEnvironment {
  required init() {
    super.init()
    let done = DispatchSemaphore(value: 0)
    Thread {
      _ = UnrelatedParent().child
      done.signal()
    }.start()
    done.wait()
  }
}

final class DeinitEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.tracked) var tracked
  @Dependency(\.deinitNumber) var number
  @DerivedEnvironment<DeinitEnvironment> var child
}

/// A value whose `deinit` and `debugDescription` read the environment it was given. The
/// environment is held weakly: a replaced value may be released after its test ended (when a
/// reader elsewhere was looking at the table that held it).
final class Tracked: Sendable, CustomDebugStringConvertible {
  private let readNumber: @Sendable () -> Int?
  let released: Counter

  init(reading environment: DeinitEnvironment?, released: Counter) {
    readNumber = { [weak environment] in environment?.number }
    self.released = released
  }

  deinit {
    _ = readNumber()
    released.increment()
  }

  var debugDescription: String {
    "Tracked(reads \(readNumber() ?? 0))"
  }
}

struct Client: Sendable {
  let name: String
}

final class WriteEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.writtenClient) var writtenClient
  @Dependency(\.subscriptClient) var subscriptClient
  @DerivedEnvironment<WriteEnvironment> var child
}

final class InitReadingParent: ComposableEnvironment {
  @DerivedEnvironment<InitReadingChild> var child
}

/// A child that reads a dependency in its initializer.
final class InitReadingChild: ComposableEnvironment {
  @Dependency(\.initRead) var initRead
  private(set) var seenInInit = ""

  required init() {
    super.init()
    seenInInit = initRead
  }
}

final class ChainLink: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.unrelatedNumber) var number
  @DerivedEnvironment<ChainLink> var next
}

enum WrittenClientCounter { static let shared = Counter() }
enum OptionalClientCounter { static let shared = Counter() }
enum SubscriptClientCounter { static let shared = Counter() }
enum AliasedClientCounter { static let shared = Counter() }
enum ReferenceClientCounter { static let shared = Counter() }
enum PendingAliasedCounter { static let shared = Counter() }
enum PendingReferenceCounter { static let shared = Counter() }
enum InitReadCounter { static let shared = Counter() }

extension DependencyKeys {
  struct HandoffClient: LiveInTests {
    /// Builds the client on another thread, which reads another dependency of the environment.
    static var defaultValue: String {
      guard let (environment, handoff) = HandoffEnvironment.slot.value else { return "none" }
      let client = Shared("")
      let done = DispatchSemaphore(value: 0)
      handoff.run {
        client.value = "client using \(environment.other)"
        done.signal()
      }
      done.wait()
      return client.value
    }
  }

  struct HandoffOther: LiveInTests {
    static var defaultValue: Int { 7 }
  }

  struct UnrelatedNumber: LiveInTests {
    static var defaultValue: Int { 0 }
  }

  struct CrossThreadCycle: LiveInTests {
    /// Waits for another thread that needs this same default: a cycle across threads.
    static var defaultValue: Int {
      let done = DispatchSemaphore(value: 0)
      Thread {
        _ = CrossThreadCycleEnvironment.shared.value?.cyclic
        done.signal()
      }.start()
      done.wait()
      return 0
    }
  }

  struct SlowNumber: LiveInTests {
    static var defaultValue: Int {
      StallGate.slow.enter()
      return 1
    }
  }

  struct FastNumber: LiveInTests {
    static var defaultValue: Int { 2 }
  }

  struct NeverRead: LiveInTests {
    static var defaultValue: Int { 3 }
  }

  struct ParallelFirst: LiveInTests {
    static var defaultValue: Int {
      ParallelGate.meet(
        signalling: ParallelGate.firstStarted, waitingFor: ParallelGate.secondStarted)
      return 1
    }
  }

  struct ParallelSecond: LiveInTests {
    static var defaultValue: Int {
      ParallelGate.meet(
        signalling: ParallelGate.secondStarted, waitingFor: ParallelGate.firstStarted)
      return 2
    }
  }

  struct SharedSlow: LiveInTests {
    static var defaultValue: Int {
      SharedSlowCounter.shared.increment()
      Thread.sleep(forTimeInterval: 0.2)
      return Int.random(in: 0..<1_000_000)
    }
  }

  struct TrackedKey: LiveInTests {
    static var defaultValue: Tracked { Tracked(reading: nil, released: Counter()) }
  }

  struct DeinitNumber: LiveInTests {
    static var defaultValue: Int { 5 }
  }

  struct OptionalClient: LiveInTests {
    static var defaultValue: Client {
      OptionalClientCounter.shared.increment()
      return Client(name: "live")
    }
  }

  struct WrittenClient: LiveInTests {
    static var defaultValue: Client {
      WrittenClientCounter.shared.increment()
      return Client(name: "live")
    }
  }

  struct SubscriptClient: LiveInTests {
    static var defaultValue: Client {
      SubscriptClientCounter.shared.increment()
      return Client(name: "live")
    }
  }

  struct AliasedClient: LiveInTests {
    static var defaultValue: Client {
      AliasedClientCounter.shared.increment()
      return Client(name: "aliased live")
    }
  }

  struct ReferenceClient: LiveInTests {
    static var defaultValue: Client {
      ReferenceClientCounter.shared.increment()
      return Client(name: "reference live")
    }
  }

  struct PendingAliased: LiveInTests {
    static var defaultValue: Client {
      PendingAliasedCounter.shared.increment()
      return Client(name: "aliased live")
    }
  }

  struct PendingReference: LiveInTests {
    static var defaultValue: Client {
      PendingReferenceCounter.shared.increment()
      return Client(name: "reference live")
    }
  }

  struct InitRead: LiveInTests {
    static var defaultValue: String {
      InitReadCounter.shared.increment()
      return "live"
    }
  }
}

extension Dependencies {
  var handoffClient: String {
    get { self[DependencyKeys.HandoffClient.self] }
    set { self[DependencyKeys.HandoffClient.self] = newValue }
  }

  var handoffOther: Int {
    get { self[DependencyKeys.HandoffOther.self] }
    set { self[DependencyKeys.HandoffOther.self] = newValue }
  }

  var unrelatedNumber: Int {
    get { self[DependencyKeys.UnrelatedNumber.self] }
    set { self[DependencyKeys.UnrelatedNumber.self] = newValue }
  }

  var crossThreadCycle: Int {
    get { self[DependencyKeys.CrossThreadCycle.self] }
    set { self[DependencyKeys.CrossThreadCycle.self] = newValue }
  }

  var slowNumber: Int {
    get { self[DependencyKeys.SlowNumber.self] }
    set { self[DependencyKeys.SlowNumber.self] = newValue }
  }

  var fastNumber: Int {
    get { self[DependencyKeys.FastNumber.self] }
    set { self[DependencyKeys.FastNumber.self] = newValue }
  }

  var neverRead: Int {
    get { self[DependencyKeys.NeverRead.self] }
    set { self[DependencyKeys.NeverRead.self] = newValue }
  }

  var parallelFirst: Int {
    get { self[DependencyKeys.ParallelFirst.self] }
    set { self[DependencyKeys.ParallelFirst.self] = newValue }
  }

  var parallelSecond: Int {
    get { self[DependencyKeys.ParallelSecond.self] }
    set { self[DependencyKeys.ParallelSecond.self] = newValue }
  }

  var sharedSlow: Int {
    get { self[DependencyKeys.SharedSlow.self] }
    set { self[DependencyKeys.SharedSlow.self] = newValue }
  }

  var tracked: Tracked {
    get { self[DependencyKeys.TrackedKey.self] }
    set { self[DependencyKeys.TrackedKey.self] = newValue }
  }

  var deinitNumber: Int {
    get { self[DependencyKeys.DeinitNumber.self] }
    set { self[DependencyKeys.DeinitNumber.self] = newValue }
  }

  /// A `Client` key seen as `Client?`: setting `nil` stores a placeholder.
  var optionalClient: Client? {
    get { self[DependencyKeys.OptionalClient.self] }
    set { self[DependencyKeys.OptionalClient.self] = newValue ?? Client(name: "none") }
  }

  var writtenClient: Client {
    get { self[DependencyKeys.WrittenClient.self] }
    set { self[DependencyKeys.WrittenClient.self] = newValue }
  }

  var subscriptClient: Client {
    get { self[DependencyKeys.SubscriptClient.self] }
    set { self[DependencyKeys.SubscriptClient.self] = newValue }
  }

  var aliasedClient: Client {
    get { self[DependencyKeys.AliasedClient.self] }
    set { self[DependencyKeys.AliasedClient.self] = newValue }
  }

  var referenceClient: Client {
    get { self[DependencyKeys.ReferenceClient.self] }
    set { self[DependencyKeys.ReferenceClient.self] = newValue }
  }

  var pendingAliased: Client {
    get { self[DependencyKeys.PendingAliased.self] }
    set { self[DependencyKeys.PendingAliased.self] = newValue }
  }

  var pendingReference: Client {
    get { self[DependencyKeys.PendingReference.self] }
    set { self[DependencyKeys.PendingReference.self] = newValue }
  }

  var initRead: String {
    get { self[DependencyKeys.InitRead.self] }
    set { self[DependencyKeys.InitRead.self] = newValue }
  }
}
