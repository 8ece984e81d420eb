import DependencyValues
import Foundation
import TestSupport
import Testing
import _EnvironmentAtomics

@testable import _EnvironmentCore

#if canImport(Glibc)
  import Glibc
#endif

/// Whether this process checks the directory of reader records: a child process started by
/// `ReaderRecordTests`, where no other test's threads come and go.
let checksReaderRecords = ProcessInfo.processInfo.environment["ENVIRONMENT_RECORDS"] == "1"

/// What a program accumulates must not slow its later writes: the records a retirement scans are
/// those of the threads alive, whatever number came and went, however they ended. And a child
/// forked while another thread was inside a read reclaims normally.
@Suite(.serialized, .enabled(if: checksReaderRecords))
struct ReaderRecordChecks {
  @Test func threadsThatReadAtOnceAndExitedLeaveNoRecordListed() {
    let node = Node.makeRoot(environmentType: ReaderRecordChecks.self, testContext: nil)
    _ = node.read(\.recordNumber)
    let before = environment_live_records()
    let threads = 200
    let allReading = DispatchGroup()
    let exited = DispatchGroup()
    for _ in 0..<threads {
      allReading.enter()
      exited.enter()
      Thread {
        _ = node.read(\.recordNumber)
        allReading.leave()
        // Every thread holds its record until all have one: the peak is `threads` records.
        allReading.wait()
        exited.leave()
      }.start()
    }
    #expect(exited.wait(timeout: .now() + hangDeadline) == .success)
    #expect(
      becomesTrue { environment_live_records() <= before },
      "\(environment_live_records()) records listed, \(before) before \(threads) threads came and went"
    )
  }

  #if canImport(Glibc)
    // Not under ThreadSanitizer: its runtime has torn the exiting thread's state down by the
    // last rounds of destructors, and crashes on the read's first instrumented access.
    @Test(.enabled(if: !isUnderThreadSanitizer))
    func aReadAfterTheThreadsOwnRecordWasReleasedLeavesNoRecordListed() {
      _ = LastRoundReader.node.read(\.recordNumber)
      let before = environment_live_records()
      for _ in 0..<100 {
        LastRoundReader.run(
          Thread {
            _ = LastRoundReader.node.read(\.recordNumber)
            LastRoundReader.arm()
          })
      }
      #expect(LastRoundReader.reads.value == 100, "each thread read in its last destructor round")
      #expect(
        becomesTrue { environment_live_records() <= before },
        "\(environment_live_records()) records listed, \(before) before")
    }

    @Test func aChildForkedWhileAnotherThreadIsPinnedReleasesWhatItReplaces() {
      let node = Node.makeRoot(environmentType: ReaderRecordChecks.self, testContext: nil)
      let parentReplaced = ReleaseFlag()
      node.write(\.recordFlag, ReleaseSignal(parentReplaced))
      _ = node.read(\.recordFlag)
      _ = node.read(\.recordNumber)
      let reader = PinnedReader()
      // Held back by the pinned reader: queued, not released.
      node.write(\.recordFlag, nil)
      let child = fork()
      if child == 0 {
        // Only this thread exists here; the pinned reader's record came along, pinned.
        _ = node.read(\.recordNumber)  // its unpin frees what the pinned reader held back
        let released = ReleaseFlag()
        node.write(\.recordFlag, ReleaseSignal(released))
        _ = node.read(\.recordFlag)
        node.write(\.recordFlag, nil)
        _exit(released.value && parentReplaced.value ? 0 : 1)
      }
      #expect(!parentReplaced.value, "held back in the parent while the reader is pinned")
      reader.unpin()
      var status: Int32 = 0
      let exited = becomesTrue { waitpid(child, &status, WNOHANG) == child }
      if !exited { kill(child, SIGKILL) }
      #expect(exited, "the forked child finished")
      #expect(
        exited && status == 0,
        "the child released what the parent's reader held back and what it replaced")
      #expect(becomesTrue { parentReplaced.value })
    }
  #endif
}

/// Runs `ReaderRecordChecks` in a child process of this test binary.
@Suite("Reader records")
struct ReaderRecordTests {
  @Test(.enabled(if: ChildTestRun.isSupported && !checksReaderRecords))
  func recordsStayBoundedByLiveThreadsAndForkedChildrenReclaim() async throws {
    let run = try await ChildTestRun(
      filter: "ReaderRecordChecks", variables: ["ENVIRONMENT_RECORDS": "1"], within: 300)
    #expect(run.finished && run.status == 0, "\(run.output)")
    #expect(run.output.contains("Suite ReaderRecordChecks passed"), "\(run.output)")
  }
}

#if canImport(Glibc)
  /// A thread-specific-data destructor that sets its key again until glibc's last round
  /// (`PTHREAD_DESTRUCTOR_ITERATIONS`, 4), then reads: glibc calls no destructor for what is set
  /// in that round.
  enum LastRoundReader {
    static let node = Node.makeRoot(
      environmentType: LastRoundReader.self, testContext: nil)
    static let reads = Shared(0)
    static let key: pthread_key_t = {
      var key = pthread_key_t()
      let status = pthread_key_create(&key) { value in
        let remaining = Int(bitPattern: value) - 1
        if remaining > 0 {
          pthread_setspecific(LastRoundReader.key, UnsafeRawPointer(bitPattern: remaining))
        } else {
          _ = LastRoundReader.node.read(\.recordNumber)
          LastRoundReader.reads.value += 1
        }
      }
      precondition(status == 0)
      return key
    }()

    /// Sets the key on the calling thread, for four rounds.
    static func arm() { pthread_setspecific(key, UnsafeRawPointer(bitPattern: 4)) }

    /// Starts `thread` and waits until it is gone.
    static func run(_ thread: Thread) {
      let before = reads.value
      thread.start()
      _ = becomesTrue { reads.value > before }
    }
  }
#endif

/// Set by `ReleaseSignal`'s `deinit`. `@unchecked Sendable`: set by the one thread of a forked
/// child, read by it after.
final class ReleaseFlag: @unchecked Sendable {
  var value = false
}

/// A value that says when it is released.
final class ReleaseSignal: @unchecked Sendable {
  let flag: ReleaseFlag
  init(_ flag: ReleaseFlag) { self.flag = flag }
  deinit { flag.value = true }
}

private enum RecordNumber: LiveInTests { static var defaultValue: Int { 0 } }
private enum RecordFlag: LiveInTests { static var defaultValue: ReleaseSignal? { nil } }

extension Dependencies {
  fileprivate var recordNumber: Int { self[RecordNumber.self] }
  fileprivate var recordFlag: ReleaseSignal? {
    get { self[RecordFlag.self] }
    set { self[RecordFlag.self] = newValue }
  }
}
