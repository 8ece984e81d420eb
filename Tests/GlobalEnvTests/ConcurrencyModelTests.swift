import Foundation
import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// The concurrency model through GlobalEnv: process-wide values and `withValues` scopes share the
/// core's rules, so no library lock is held while user code runs there either. Every test that
/// could hang on a regression runs under a watchdog.
@Suite("Concurrency model (GlobalEnv)")
struct GlobalConcurrencyModelTests {
  @Test func defaultWaitingForAThreadThatReadsAnotherDependencyCompletes() {
    let client = Shared("")
    #expect(finishes { client.value = GlobalHandoffModel().client })
    #expect(client.value == "client using 8")
  }

  @Test func defaultWaitingForAThreadCompletesInsideAScope() {
    let client = Shared("")
    #expect(
      finishes {
        Dependencies.withValues {
          $0.globalUnrelated = 1
        } operation: {
          client.value = GlobalHandoffModel().scopedClient
        }
      })
    #expect(client.value == "client using 8")
  }

  #if compiler(>=6.2)  // exit tests
    @Test func crossThreadCycleInAProcessWideDefaultIsReportedAfterTwoSeconds() async throws {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        waitForStandardError(containing: "waiting for the default value of DependencyKeys.Global") {
          Thread { _ = GlobalStallModel()[\.globalCycle] }.start()
        }
        exit(0)
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains("has waited 2 s for the default value of DependencyKeys.GlobalCycle"))
      #expect(message.contains("waiting for the default value of DependencyKeys.GlobalCycle on"))
    }
  #endif

  @Test func whileASlowDefaultIsComputedOtherReadsAndScopedWritesDoNotWait() {
    runInBackground { _ = GlobalStallModel().slow }
    GlobalStallGate.slow.started.wait()
    #expect(
      finishes {
        _ = GlobalStallModel().fast
        Dependencies.withValues {
          $0.globalUnrelated = 2
        } operation: {
          GlobalStallModel().with(\.globalNeverRead, 3)
          _ = GlobalStallModel().fast
        }
      }, "finished while the slow default was still being computed")
    GlobalStallGate.slow.release()
  }

  @Test func withInsideAScopeDoesNotComputeTheLiveDefault() {
    Dependencies.withValues { _ in
    } operation: {
      let model = GlobalWriteModel().with(\.globalWritten, Client(name: "stub"))
      #expect(model.written.name == "stub")
    }
    #expect(becomesTrue { GlobalWrittenCounter.shared.count == 0 })
  }

  @Test func withValuesUpdateAndSubscriptDoNotComputeTheLiveDefault() {
    Dependencies.withValues {
      $0.globalUpdated = Client(name: "stub")
    } operation: {
      GlobalWriteModel()[\.globalSubscripted] = Client(name: "stub")
      #expect(GlobalWriteModel().updated.name == "stub")
      #expect(GlobalWriteModel()[\.globalSubscripted].name == "stub")
    }
    #expect(becomesTrue { GlobalUpdatedCounter.shared.count == 0 })
    #expect(becomesTrue { GlobalSubscriptedCounter.shared.count == 0 })
  }

  @Test func aliasingInsideAScopeComputesNoDefault() {
    Dependencies.withValues { _ in
    } operation: {
      GlobalWriteModel().aliasing(\.globalAliased, to: \.globalReference)
      #expect(becomesTrue { GlobalAliasedCounter.shared.count == 0 })
      #expect(becomesTrue { GlobalReferenceCounter.shared.count == 0 })
      GlobalWriteModel().with(\.globalReference, Client(name: "stub"))
      #expect(GlobalWriteModel()[\.globalAliased].name == "stub")
    }
    #expect(becomesTrue { GlobalAliasedCounter.shared.count == 0 })
    #expect(becomesTrue { GlobalReferenceCounter.shared.count == 0 })
  }

  @Test func dependencyTreeRendersAValueWhoseDescriptionReadsDependencies() {
    let tree = Shared("")
    #expect(
      finishes {
        Dependencies.withValues {
          $0.globalDescribed = Described()
        } operation: {
          tree.value = GlobalWriteModel().dependencyTree()
        }
      })
    #expect(tree.value.contains("Described(reads 8)"))
  }

  @Test func slowDerivedEnvironmentDelaysOnlyItsOwnReaders() {
    let parent = GlobalSlowParent()
    runInBackground { _ = parent.slow }
    GlobalStallGate.initStalled.started.wait()
    #expect(
      finishes {
        _ = parent.quick
        _ = GlobalSlowParent().quick
      }, "finished while the slow child's initializer was still running")
    GlobalStallGate.initStalled.release()
  }

}

extension ProcessWideState {
  @Suite("Process-wide concurrency model")
  struct ProcessWideConcurrencyTests {
    @Test(.dependencyContext(.live)) func valueWhoseDeinitReadsDependenciesIsReleasedByReset() {
      let released = Counter()
      GlobalWriteModel().with(\.globalTracked, GlobalTracked(released: released))
      _ = GlobalWriteModel()[\.globalTracked]
      // On a thread of its own, in the test's scope (where the test's `with` wrote).
      Dependencies.withEscapedValues { escaped in
        #expect(finishes { escaped.yield { Dependencies.reset() } })
      }
      // Released by this write's pass, or by the last reader elsewhere that held the old table.
      #expect(becomesTrue { released.count == 1 })
    }

    @Test(.dependencyContext(.live)) func valueWhoseDeinitReadsDependenciesCanBeReplaced() {
      let released = Counter()
      GlobalWriteModel().with(\.globalTracked, GlobalTracked(released: released))
      _ = GlobalWriteModel()[\.globalTracked]
      Dependencies.withEscapedValues { escaped in
        #expect(
          finishes {
            escaped.yield {
              _ = GlobalWriteModel().with(\.globalTracked, GlobalTracked(released: Counter()))
            }
          })
      }
      // Released by this write's pass, or by the last reader elsewhere that held the old table.
      #expect(becomesTrue { released.count == 1 })
      Dependencies.reset()
    }
  }
}

// MARK: - Fixtures

private struct GlobalHandoffModel {
  @Dependency(\.globalHandoffClient) var client
  @Dependency(\.globalScopedHandoffClient) var scopedClient
}

private struct GlobalStallModel: GlobalDependenciesAccessing {
  @Dependency(\.globalSlow) var slow
  @Dependency(\.globalFast) var fast
}

private struct GlobalWriteModel: GlobalDependenciesAccessing {
  @Dependency(\.globalWritten) var written
  @Dependency(\.globalUpdated) var updated
}

private enum GlobalStallGate {
  static let slow = Stall()
  static let initStalled = Stall()
}

private struct GlobalSlowParent: GlobalEnvironment {
  @DerivedEnvironment<GlobalSlowChild> var slow
  @DerivedEnvironment<GlobalQuickChild> var quick
}

private struct GlobalSlowChild: GlobalEnvironment {
  init() {
    GlobalStallGate.initStalled.enter()
  }
}

private struct GlobalQuickChild: GlobalEnvironment {}

struct Client: Sendable {
  let name: String
}

/// A value whose `debugDescription` reads a dependency.
struct Described: Sendable, CustomDebugStringConvertible {
  var debugDescription: String {
    "Described(reads \(GlobalStallModel()[\.globalOther]))"
  }
}

/// A value whose `deinit` reads a dependency.
final class GlobalTracked: Sendable {
  let released: Counter

  init(released: Counter) {
    self.released = released
  }

  deinit {
    _ = GlobalStallModel()[\.globalOther]
    released.increment()
  }
}

private enum GlobalWrittenCounter { static let shared = Counter() }
private enum GlobalUpdatedCounter { static let shared = Counter() }
private enum GlobalSubscriptedCounter { static let shared = Counter() }
private enum GlobalAliasedCounter { static let shared = Counter() }
private enum GlobalReferenceCounter { static let shared = Counter() }

/// Builds a client on another thread, which reads another dependency, and waits for it.
private func handOffClient() -> String {
  let client = Shared("")
  let done = DispatchSemaphore(value: 0)
  Thread {
    client.value = "client using \(GlobalStallModel()[\.globalOther])"
    done.signal()
  }.start()
  done.wait()
  return client.value
}

extension DependencyKeys {
  fileprivate struct GlobalHandoffClient: LiveInTests {
    static var defaultValue: String { handOffClient() }
  }

  fileprivate struct GlobalScopedHandoffClient: LiveInTests {
    static var defaultValue: String { handOffClient() }
  }

  /// Waits for another thread that needs this same default: a cycle across threads.
  fileprivate struct GlobalCycle: LiveInTests {
    static var defaultValue: Int {
      let done = DispatchSemaphore(value: 0)
      Thread {
        _ = GlobalStallModel()[\.globalCycle]
        done.signal()
      }.start()
      done.wait()
      return 0
    }
  }

  fileprivate struct GlobalOther: LiveInTests {
    static var defaultValue: Int { 8 }
  }

  fileprivate struct GlobalUnrelated: LiveInTests {
    static var defaultValue: Int { 0 }
  }

  fileprivate struct GlobalNeverRead: LiveInTests {
    static var defaultValue: Int { 0 }
  }

  fileprivate struct GlobalSlow: LiveInTests {
    static var defaultValue: Int {
      GlobalStallGate.slow.enter()
      return 1
    }
  }

  fileprivate struct GlobalFast: LiveInTests {
    static var defaultValue: Int { 2 }
  }

  fileprivate struct GlobalWritten: LiveInTests {
    static var defaultValue: Client {
      GlobalWrittenCounter.shared.increment()
      return Client(name: "live")
    }
  }

  fileprivate struct GlobalUpdated: LiveInTests {
    static var defaultValue: Client {
      GlobalUpdatedCounter.shared.increment()
      return Client(name: "live")
    }
  }

  fileprivate struct GlobalSubscripted: LiveInTests {
    static var defaultValue: Client {
      GlobalSubscriptedCounter.shared.increment()
      return Client(name: "live")
    }
  }

  fileprivate struct GlobalAliased: LiveInTests {
    static var defaultValue: Client {
      GlobalAliasedCounter.shared.increment()
      return Client(name: "aliased live")
    }
  }

  fileprivate struct GlobalReference: LiveInTests {
    static var defaultValue: Client {
      GlobalReferenceCounter.shared.increment()
      return Client(name: "reference live")
    }
  }

  fileprivate struct GlobalDescribedKey: LiveInTests {
    static var defaultValue: Described { Described() }
  }

  fileprivate struct GlobalTrackedKey: LiveInTests {
    static var defaultValue: GlobalTracked? { nil }
  }
}

extension Dependencies {
  fileprivate var globalHandoffClient: String {
    get { self[DependencyKeys.GlobalHandoffClient.self] }
    set { self[DependencyKeys.GlobalHandoffClient.self] = newValue }
  }

  fileprivate var globalScopedHandoffClient: String {
    get { self[DependencyKeys.GlobalScopedHandoffClient.self] }
    set { self[DependencyKeys.GlobalScopedHandoffClient.self] = newValue }
  }

  fileprivate var globalCycle: Int {
    get { self[DependencyKeys.GlobalCycle.self] }
    set { self[DependencyKeys.GlobalCycle.self] = newValue }
  }

  fileprivate var globalOther: Int {
    get { self[DependencyKeys.GlobalOther.self] }
    set { self[DependencyKeys.GlobalOther.self] = newValue }
  }

  fileprivate var globalUnrelated: Int {
    get { self[DependencyKeys.GlobalUnrelated.self] }
    set { self[DependencyKeys.GlobalUnrelated.self] = newValue }
  }

  fileprivate var globalNeverRead: Int {
    get { self[DependencyKeys.GlobalNeverRead.self] }
    set { self[DependencyKeys.GlobalNeverRead.self] = newValue }
  }

  fileprivate var globalSlow: Int {
    get { self[DependencyKeys.GlobalSlow.self] }
    set { self[DependencyKeys.GlobalSlow.self] = newValue }
  }

  fileprivate var globalFast: Int {
    get { self[DependencyKeys.GlobalFast.self] }
    set { self[DependencyKeys.GlobalFast.self] = newValue }
  }

  fileprivate var globalWritten: Client {
    get { self[DependencyKeys.GlobalWritten.self] }
    set { self[DependencyKeys.GlobalWritten.self] = newValue }
  }

  fileprivate var globalUpdated: Client {
    get { self[DependencyKeys.GlobalUpdated.self] }
    set { self[DependencyKeys.GlobalUpdated.self] = newValue }
  }

  fileprivate var globalSubscripted: Client {
    get { self[DependencyKeys.GlobalSubscripted.self] }
    set { self[DependencyKeys.GlobalSubscripted.self] = newValue }
  }

  fileprivate var globalAliased: Client {
    get { self[DependencyKeys.GlobalAliased.self] }
    set { self[DependencyKeys.GlobalAliased.self] = newValue }
  }

  fileprivate var globalReference: Client {
    get { self[DependencyKeys.GlobalReference.self] }
    set { self[DependencyKeys.GlobalReference.self] = newValue }
  }

  fileprivate var globalDescribed: Described {
    get { self[DependencyKeys.GlobalDescribedKey.self] }
    set { self[DependencyKeys.GlobalDescribedKey.self] = newValue }
  }

  fileprivate var globalTracked: GlobalTracked? {
    get { self[DependencyKeys.GlobalTrackedKey.self] }
    set { self[DependencyKeys.GlobalTrackedKey.self] = newValue }
  }
}
