import Foundation
import GlobalEnv
import TestSupport
import Testing

/// `prepareDependencies` against first reads on other threads: its check (was the key read?) and
/// its commit are one step, so a key read before the commit is kept and reported, and a read
/// after it gets the prepared value. Before, the keys read were listed before the update ran,
/// and a default computed on another thread during the update, or between it and the commit,
/// was silently replaced.
@Suite("Preparing against reads on other threads")
struct PrepareRaceTests {
  init() { Dependencies.reset() }

  @Test func aKeyReadOnAnotherThreadWhileTheUpdateRunsIsKeptAndReported() {
    let (messages, read) = prepareWhileAnotherThreadReads { _ in }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("after its value was read") == true)
    #expect(read?.name == "default")
    #expect(RaceReader().token === read, "the value read stays")
  }

  @Test func aDefaultTheUpdateReadsIsItsOwnUntilTheCommit() {
    // The update reads the default to set part of it before the other thread reads.
    let (messages, read) = prepareWhileAnotherThreadReads {
      #expect($0.racedToken.name == "default")
    }
    #expect(messages.count == 1, "the other thread's read came first")
    #expect(RaceReader().token === read, "the value the other thread read stays")
  }

  @Test func firstReadsRacingPrepareOnEightThreadsNeverSeeASilentChange() async {
    for trial in 0..<1_000 {
      Dependencies.reset()
      let reads = (0..<8).map { _ in Shared<LiveToken?>(nil) }
      let (messages, finished) = await withEscapedDependencies { escaped in
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for slot in reads {
          done.enter()
          Thread {
            escaped.yield {
              start.wait()
              slot.value = RaceReader().token
            }
            done.leave()
          }.start()
        }
        // The readers start before the call in even trials, and in its update in odd ones, so
        // that their first reads race the update's end and the commit.
        let startsInUpdate = trial.isMultiple(of: 2) == false
        if !startsInUpdate { for _ in reads { start.signal() } }
        let messages = recordedIssues(orNone: true) {
          prepareDependencies {
            if startsInUpdate { for _ in reads { start.signal() } }
            $0.racedToken = LiveToken("prepared", raceTokens)
          }
        }
        return (messages, await finishesWhileSuspended { done.wait() })
      }
      #expect(finished, "every reader finished")
      let final = RaceReader().token
      #expect(final.isIntact)
      #expect(reads.allSatisfy { $0.value === final }, "every reader read the value that stays")
      #expect(messages.count == (final.name == "prepared" ? 0 : 1), "\(messages)")
    }
  }

  /// The reports of a `prepareDependencies` that sets the raced key after `before`, while it waits
  /// for another thread (in this test's scope) to read the key for the first time; and what that
  /// thread read.
  private func prepareWhileAnotherThreadReads(
    _ before: (inout Dependencies) -> Void
  ) -> (messages: [String], read: LiveToken?) {
    let read = Shared<LiveToken?>(nil)
    let messages = withEscapedDependencies { escaped in
      let readDone = DispatchSemaphore(value: 0)
      return recordedIssues {
        prepareDependencies {
          before(&$0)
          Thread {
            escaped.yield { read.value = RaceReader().token }
            readDone.signal()
          }.start()
          #expect(readDone.wait(timeout: .now() + hangDeadline) == .success, "the read finished")
          $0.racedToken = LiveToken("prepared", raceTokens)
        }
      }
    }
    return (messages, read.value)
  }
}

/// Live tokens of the race tests' key.
let raceTokens = LiveCount()

enum RaceKeys {
  struct Token: LiveInTests {
    static var defaultValue: LiveToken { LiveToken("default", raceTokens) }
  }
}

extension Dependencies {
  var racedToken: LiveToken {
    get { self[RaceKeys.Token.self] }
    set { self[RaceKeys.Token.self] = newValue }
  }
}

struct RaceReader {
  @Dependency(\.racedToken) var token
}
