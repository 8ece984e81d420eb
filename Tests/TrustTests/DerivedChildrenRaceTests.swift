import ComposableEnv
import Foundation
import TestSupport
import Testing
import _EnvironmentCore

/// Lets one test hold a `SlowEnvironment`'s initializer until it says so.
final class InitGate: @unchecked Sendable {
  nonisolated(unsafe) static var current: InitGate?
  let started = DispatchSemaphore(value: 0)
  let proceed = DispatchSemaphore(value: 0)
  let runs = Counter()
}

/// An environment whose first initialization waits for its test.
final class SlowEnvironment: ComposableEnvironment, @unchecked Sendable {
  required init() {
    if let gate = InitGate.current {
      gate.runs.increment()
      if gate.runs.count == 1 {
        gate.started.signal()
        gate.proceed.wait()
      }
    }
    super.init()
  }
}

/// "One id, one child", also when the child is removed while it is being made. Before the fix,
/// `removeDerived` during the child's `init` returned `false` and a thread that was waiting for
/// the child made a second one.
@Suite("Derived children under races", .serialized)
struct DerivedChildrenRaceTests {
  @Test func removingAChildBeingMadeDeliversItToEveryWaiterAndTheNextLookupMakesANewOne() {
    let gate = InitGate()
    InitGate.current = gate
    defer { InitGate.current = nil }
    let parent = TrustRoot()
    let first = Shared<SlowEnvironment?>(nil)
    let second = Shared<SlowEnvironment?>(nil)
    let done = DispatchGroup()
    done.enter()
    Thread {
      first.value = parent.derived(SlowEnvironment.self, id: 7)
      done.leave()
    }.start()
    gate.started.wait()
    done.enter()
    let waiter = Shared<ThreadContext?>(nil)
    Thread {
      waiter.value = ThreadContext.current
      second.value = parent.derived(SlowEnvironment.self, id: 7)
      done.leave()
    }.start()
    // The second thread waits for the first's child.
    #expect(becomesTrue { waiter.value?.isAwaitingWork == true })
    let removed = parent.removeDerived(SlowEnvironment.self, id: 7)
    gate.proceed.signal()
    #expect(done.wait(timeout: .now() + hangDeadline) == .success)
    #expect(removed)
    #expect(first.value != nil && first.value === second.value)
    #expect(gate.runs.count == 1)
    let next = parent.derived(SlowEnvironment.self, id: 7)
    #expect(next !== first.value)
    #expect(next === parent.derived(SlowEnvironment.self, id: 7))
  }

  @Test func concurrentDerivationsOfOneIdMakeOneChildBetweenRemovals() {
    let parent = TrustRoot()
    let finished = finishes {
      for round in 0..<200 {
        let children = Shared<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
          let child = parent.derived(TrustNode.self, id: round)
          children.update { $0.append(ObjectIdentifier(child)) }
        }
        #expect(Set(children.value).count == 1)
        #expect(parent.removeDerived(TrustNode.self, id: round))
      }
    }
    #expect(finished)
  }
}
