import Foundation
import GlobalEnv
import Synchronization
import TestSupport
import Testing

/// The process-wide values and `withValues` scopes, with reference-typed values overwritten while
/// other threads read them (see `Tests/TrustTests` for ComposableEnv's trees).
enum RacingKeys {
  struct Token: LiveInTests {
    static var defaultValue: LiveToken { LiveToken("default", RacingKeys.defaults) }
  }
  static let defaults = LiveCount()
}

extension Dependencies {
  var racingToken: LiveToken {
    get { self[RacingKeys.Token.self] }
    set { self[RacingKeys.Token.self] = newValue }
  }
}

struct RacingReader: GlobalEnvironment {
  @Dependency(\.racingToken) var token
}

extension ProcessWideState {
  @Suite("Racing writes against readers, process-wide")
  struct GlobalRacingWriteTests {
    @Test func processWideClassValueOverwrittenWhileReadIsNeverUsedAfterRelease() {
      let live = LiveCount()
      let stop = Atomic<Bool>(false)
      let broken = Atomic<Int>(0)
      let done = DispatchGroup()
      for reader in 0..<2 {
        done.enter()
        Thread {
          let environment = RacingReader()
          var step = 0
          while !stop.load(ordering: .relaxed) {
            let token =
              reader == 0 || step % 4 != 0
              ? environment.token
              : Dependencies.withValues { _ in
              } operation: {
                environment.token
              }
            if !token.isIntact { broken.add(1, ordering: .relaxed) }
            step += 1
          }
          done.leave()
        }.start()
      }
      let finished = finishes {
        for index in 0..<20_000 {
          RacingReader().with(\.racingToken, LiveToken("w\(index)", live))
        }
      }
      stop.store(true, ordering: .relaxed)
      done.wait()
      #expect(finished)
      #expect(broken.load(ordering: .relaxed) == 0)
      // The current value is the only one of the writes alive.
      #expect(becomesTrue { live.count == 1 })
    }

    @Test func scopedClassValueOverwrittenWhileReadInTheScopeIsNeverUsedAfterRelease() async {
      let live = LiveCount()
      let broken = Counter()
      await Dependencies.withValues {
        $0.racingToken = LiveToken("scope", live)
      } operation: {
        // Child tasks see the scope (a task-local value); plain threads would not.
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            for index in 0..<5_000 {
              RacingReader().with(\.racingToken, LiveToken("w\(index)", live))
            }
          }
          for _ in 0..<2 {
            group.addTask {
              let environment = RacingReader()
              for _ in 0..<5_000 where !environment.token.isIntact {
                broken.increment()
              }
            }
          }
        }
      }
      #expect(broken.count == 0)
      // The scope ended: its values are released.
      #expect(becomesTrue { live.count == 0 })
    }
  }
}
