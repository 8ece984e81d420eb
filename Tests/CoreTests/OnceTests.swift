import Foundation
import TestSupport
import Testing
import _EnvironmentAtomics

@testable import _EnvironmentCore

/// The value a once-cell makes in these tests.
final class Made {}

/// A once-cell's state and its lock, as an owner keeps them.
final class OnceCell: @unchecked Sendable {
  // `@unchecked Sendable`: the state is only touched under the lock.
  let state = LockedValue<OnceState>.make(.idle)

  func value(making make: @escaping () -> AnyObject) -> AnyObject {
    Once.value(
      of: .derivation(child: Made.self, parent: nil), in: .current,
      access: { body in state.withLock { body(&$0) } }, make: make)
  }
}

@Suite("Once-cells and the wait room")
struct OnceTests {
  @Test func concurrentCallersGetTheOneValueMadeOnce() {
    let cell = OnceCell()
    let makes = Shared(0)
    let results = Shared<[ObjectIdentifier]>([])
    let finished = finishes {
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let value = cell.value {
          makes.update { $0 += 1 }
          Thread.sleep(forTimeInterval: 0.01)
          return Made()
        }
        results.update { $0.append(ObjectIdentifier(value)) }
      }
    }
    #expect(finished)
    #expect(makes.value == 1)
    #expect(Set(results.value).count == 1 && results.value.count == 8)
  }

  @Test func callerOfAnotherCellDoesNotWaitForOneBeingMade() {
    let slow = OnceCell()
    let fast = OnceCell()
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    Thread {
      _ = slow.value {
        started.signal()
        proceed.wait()
        return Made()
      }
    }.start()
    started.wait()
    let finished = finishes { _ = fast.value { Made() } }
    proceed.signal()
    #expect(finished)
  }

  @Test func waiterIsWokenWhenTheValueIsMade() {
    let cell = OnceCell()
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let made = Shared<ObjectIdentifier?>(nil)
    Thread {
      let value = cell.value {
        started.signal()
        proceed.wait()
        return Made()
      }
      made.value = ObjectIdentifier(value)
    }.start()
    started.wait()
    let waited = Shared<ObjectIdentifier?>(nil)
    let waiterContext = Shared<ThreadContext?>(nil)
    let waiter = Thread {
      waiterContext.value = ThreadContext.current
      waited.value = ObjectIdentifier(cell.value { Made() })
    }
    waiter.start()
    // The waiter is in the wait room.
    #expect(becomesTrue { waiterContext.value?.isAwaitingWork == true })
    proceed.signal()
    let finished = finishes {
      // The maker stores what it made after the waiter may have woken: wait for both.
      while waited.value == nil || made.value == nil { Thread.sleep(forTimeInterval: 0.001) }
    }
    #expect(finished)
    #expect(waited.value == made.value)
  }

  #if compiler(>=6.2)  // exit tests (Swift Testing 6.2)
    @Test func valueThatNeedsItselfOnTheSameThreadIsReported() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let cell = OnceCell()
        _ = cell.value { cell.value { Made() } }
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("needs itself"))
    }

    @Test(.enabled(if: isCheckedBuild)) func lockTakenAgainByItsHolderIsReported() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let value = LockedValue<Int>.make(0)
        value.withLock { _ in value.withLock { _ in } }
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("taken again by the thread that holds it"))
    }
  #endif
}
