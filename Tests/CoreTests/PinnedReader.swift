import Foundation
import TestSupport
import _EnvironmentAtomics

@testable import _EnvironmentCore

/// A reader pinned on a thread of its own (a pin belongs to a thread) until the test moves it on:
/// what holds retired tables back in the reclamation tests.
///
/// ```swift
/// let reader = PinnedReader()
/// Reclamation.retire(table)  // queued behind the reader
/// reader.unpin()             // frees it
/// ```
final class PinnedReader: Sendable {
  private let step = DispatchSemaphore(value: 0)
  private let stepped = DispatchSemaphore(value: 0)

  /// Starts the thread and returns once it is pinned.
  init() {
    Thread { [step, stepped] in
      var record = environment_pin()
      stepped.signal()
      step.wait()
      Reclamation.unpin(record)
      // A second step pins a new section, which a third ends.
      stepped.signal()
      guard step.wait(timeout: .now() + hangDeadline) == .success else { return }
      record = environment_pin()
      stepped.signal()
      step.wait()
      Reclamation.unpin(record)
      stepped.signal()
    }.start()
    stepped.wait()
  }

  /// Ends the reader's section; true once it has unpinned (within 10 s).
  @discardableResult
  func unpin() -> Bool {
    step.signal()
    return stepped.wait(timeout: .now() + hangDeadline) == .success
  }

  /// Pins the reader in a new section, after `unpin()`; true once it is pinned (within 10 s).
  @discardableResult
  func pinAgain() -> Bool {
    step.signal()
    return stepped.wait(timeout: .now() + hangDeadline) == .success
  }
}
