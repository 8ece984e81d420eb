import Foundation
import GlobalEnv
import GlobalEnvTesting
import Synchronization
import TestSupport
import Testing

// Keys of these tests only, so that no other test's reads interfere.
extension DependencyKeys {
  /// Live, preview and test values of its own.
  fileprivate enum GlobalSwitched: DependencyKey {
    static var defaultValue: String { "live" }
    static var previewValue: String { "preview" }
    static var testValue: String { "test" }
  }

  /// No test value: a strict read of it fails the test.
  fileprivate enum GlobalSwitchedUntested: DependencyKey {
    static var defaultValue: String { "live" }
  }

  /// Reference-typed values, counted, for the race.
  fileprivate enum GlobalSwitchedToken: DependencyKey {
    static var defaultValue: LiveToken { LiveToken("live", globalSwitchedTokens) }
    static var testValue: LiveToken { LiveToken("test", globalSwitchedTokens) }
  }

  /// The tokens `GlobalSwitchedToken` made and that are alive (only the race reads that key).
  fileprivate static let globalSwitchedTokens = LiveCount()
}

extension Dependencies {
  fileprivate var globalSwitched: String {
    get { self[DependencyKeys.GlobalSwitched.self] }
    set { self[DependencyKeys.GlobalSwitched.self] = newValue }
  }

  fileprivate var globalSwitchedUntested: String {
    get { self[DependencyKeys.GlobalSwitchedUntested.self] }
    set { self[DependencyKeys.GlobalSwitchedUntested.self] = newValue }
  }

  fileprivate var globalSwitchedToken: LiveToken {
    get { self[DependencyKeys.GlobalSwitchedToken.self] }
    set { self[DependencyKeys.GlobalSwitchedToken.self] = newValue }
  }
}

private struct SwitchReader: GlobalEnvironment {
  @Dependency(\.globalSwitched) var value
  @Dependency(\.globalSwitchedUntested) var untested
  @Dependency(\.globalSwitchedToken) var token
}

/// A model as swift-dependencies users write them: made in a scope, it reads that scope's values.
private final class SwitchModel: @unchecked Sendable {
  // `@unchecked Sendable`: the wrapper is never mutated.
  @Dependency(\.globalSwitched) var value
}

/// Setting `context` in a `withValues` scope switches what unset keys read in it.
@Suite struct GlobalContextSwitchTests {
  @Test(.dependencyTestContext) func aLiveSwitchInATestContextReadsLiveValuesAndReportsNothing() {
    Dependencies.withValues {
      $0.context = .live
    } operation: {
      // No test value, and no failure: the read is live.
      #expect(SwitchReader().untested == "live")
      #expect(SwitchReader().value == "live")
    }
  }

  @Test(.dependencies { $0.context = .live }) func aLiveContextTraitReadsLiveValues() {
    #expect(SwitchReader().untested == "live")
  }

  @Test(.dependencyTestContext) func aPreviewSwitchReadsPreviewValues() {
    Dependencies.withValues {
      $0.context = .preview
    } operation: {
      #expect(SwitchReader().value == "preview")
    }
  }

  @Test(.dependencyContext(.live)) func aTestSwitchInALiveContextReadsTestValues() {
    Dependencies.withValues {
      $0.context = .test
    } operation: {
      #expect(SwitchReader().value == "test")
    }
  }

  @Test(.dependencyContext(.live)) func aTestSwitchReportsAKeyWithoutTestValue() {
    var value = ""
    let messages = recordedIssues {
      Dependencies.withValues {
        $0.context = .test
      } operation: {
        value = SwitchReader().untested
      }
    }
    #expect(value == "live")
    #expect(messages.count == 1)
    #expect(messages.first?.contains("DependencyKeys.GlobalSwitchedUntested") == true)
  }

  @Test(.dependencyTestContext) func aValueSetExplicitlyWinsOverTheSwitchedDefault() {
    Dependencies.withValues {
      $0.globalSwitched = "outer"
    } operation: {
      Dependencies.withValues {
        $0.context = .live
      } operation: {
        #expect(SwitchReader().value == "outer")
        #expect(SwitchReader().untested == "live")
        #expect(SwitchReader().context == .live)
      }
    }
    #expect(SwitchReader().value == "test")
  }

  @Test(.dependencyContext(.live)) func theNearestSwitchWins() {
    Dependencies.withValues {
      $0.context = .preview
    } operation: {
      Dependencies.withValues {
        $0.context = .test
      } operation: {
        #expect(SwitchReader().value == "test")
      }
      #expect(SwitchReader().value == "preview")
    }
    #expect(SwitchReader().value == "live")
  }

  @Test(.dependencyTestContext) func aModelMadeInASwitchedScopeKeepsReadingItsDefaults() {
    let model = Dependencies.withValues {
      $0.context = .live
    } operation: {
      SwitchModel()
    }
    #expect(SwitchReader().value == "test")
    #expect(model.value == "live")
  }

  @Test(.dependencyTestContext) func aContextWrittenAfterReadsTakesEffectAtTheNextRead() {
    Dependencies.withValues { _ in
    } operation: {
      #expect(SwitchReader().value == "test")
      SwitchReader().with(\.context, .live)
      #expect(SwitchReader().value == "live")
      SwitchReader().with(\.context, .preview)
      #expect(SwitchReader().value == "preview")
    }
    #expect(SwitchReader().value == "test")
  }

  @Test(.dependencyTestContext) func readsRacingContextWritesGetTheTokenOfAContextAndNoOther() {
    let tokens = DependencyKeys.globalSwitchedTokens
    let wrongTokens = Atomic<Int>(0)
    let finished = Dependencies.withValues { _ in
    } operation: {
      // Threads do not inherit the scope: the writer's and the readers' carry it.
      Dependencies.withEscapedValues { scope in
        finishes {
          scope.yield {
            let stop = Atomic<Bool>(false)
            let done = DispatchGroup()
            for _ in 0..<2 {
              done.enter()
              Thread {
                scope.yield {
                  while !stop.load(ordering: .relaxed) {
                    let token = SwitchReader().token
                    if !token.isIntact || !["live", "test"].contains(token.name) {
                      wrongTokens.add(1, ordering: .relaxed)
                    }
                  }
                }
                done.leave()
              }.start()
            }
            for index in 0..<5_000 {
              SwitchReader().with(\.context, index.isMultiple(of: 2) ? .live : .test)
            }
            stop.store(true, ordering: .relaxed)
            done.wait()
            // The last write was `.test`.
            if SwitchReader().token.name != "test" { wrongTokens.add(1, ordering: .relaxed) }
            SwitchReader().with(\.context, .live)
            if SwitchReader().token.name != "live" { wrongTokens.add(1, ordering: .relaxed) }
          }
        }
      }
    }
    #expect(finished)
    #expect(wrongTokens.load(ordering: .relaxed) == 0)
    // One default per context, made once.
    #expect(tokens.peak == 2)
  }
}
