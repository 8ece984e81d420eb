import ComposableEnv
import ComposableEnvTesting
import Foundation
import Synchronization
import TestSupport
import Testing

// Keys of these tests only, so that no other test's reads interfere.
extension DependencyKeys {
  /// Live, preview and test values of its own.
  fileprivate enum Switched: DependencyKey {
    static var defaultValue: String { "live" }
    static var previewValue: String { "preview" }
    static var testValue: String { "test" }
  }

  /// No test value: a strict read of it fails the test.
  fileprivate enum SwitchedUntested: DependencyKey {
    static var defaultValue: String { "live" }
  }

  /// Reference-typed values, counted, for the race.
  fileprivate enum SwitchedToken: DependencyKey {
    static var defaultValue: LiveToken { LiveToken("live", tokens) }
    static var testValue: LiveToken { LiveToken("test", tokens) }
  }

  /// The tokens `SwitchedToken` made and that are alive (only the race reads that key).
  fileprivate static let tokens = LiveCount()
}

extension Dependencies {
  fileprivate var switched: String {
    get { self[DependencyKeys.Switched.self] }
    set { self[DependencyKeys.Switched.self] = newValue }
  }

  fileprivate var switchedUntested: String {
    get { self[DependencyKeys.SwitchedUntested.self] }
    set { self[DependencyKeys.SwitchedUntested.self] = newValue }
  }

  fileprivate var switchedToken: LiveToken {
    get { self[DependencyKeys.SwitchedToken.self] }
    set { self[DependencyKeys.SwitchedToken.self] = newValue }
  }
}

private final class SwitchRoot: ComposableEnvironment {
  @DerivedEnvironment var first: SwitchFeature
  @DerivedEnvironment var second: SwitchFeature
}

/// Shareable with the race's reader threads. `@unchecked Sendable`: its wrappers are never
/// mutated, and its node is thread-safe.
private final class SwitchFeature: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.switched) var value
  @Dependency(\.switchedUntested) var untested
  @Dependency(\.switchedToken) var token
  @DerivedEnvironment var detail: SwitchDetail
}

/// `@unchecked Sendable`, as its parent `SwitchFeature`.
private final class SwitchDetail: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.switched) var value
}

/// Setting `context` switches what unset keys read in the environment's subtree.
@Suite struct ContextSwitchTests {
  @Test(.dependencyTestContext) func aLiveSwitchInATestContextReadsLiveValuesAndReportsNothing() {
    let feature = SwitchRoot().first.with(\.context, .live)
    // No test value, and no failure: the read is live.
    #expect(feature.untested == "live")
    #expect(feature.value == "live")
    #expect(feature.detail.value == "live")
  }

  @Test(.dependencyTestContext) func aPreviewSwitchReadsPreviewValues() {
    let feature = SwitchRoot().first.with(\.context, .preview)
    #expect(feature.value == "preview")
    #expect(feature.detail.value == "preview")
  }

  @Test(.dependencyContext(.live)) func aTestSwitchInALiveContextReadsTestValues() {
    let feature = SwitchRoot().first.with(\.context, .test)
    #expect(feature.value == "test")
    #expect(feature.detail.value == "test")
  }

  @Test(.dependencyContext(.live)) func aTestSwitchReportsAKeyWithoutTestValue() {
    let feature = SwitchRoot().first.with(\.context, .test)
    var value = ""
    let messages = recordedIssues { value = feature.untested }
    #expect(value == "live")
    #expect(messages.count == 1)
    #expect(messages.first?.contains("DependencyKeys.SwitchedUntested") == true)
  }

  @Test(.dependencyTestContext) func aValueSetExplicitlyWinsOverTheSwitchedDefault() {
    let root = SwitchRoot().with(\.switched, "above")
    let feature = root.first.with(\.context, .live)
    let detail = feature.detail.with(\.switchedUntested, "below")
    #expect(detail.value == "above")
    #expect(detail.switchedUntested == "below")
    // The switch still applies to what is set nowhere.
    #expect(feature.untested == "live")
  }

  @Test(.dependencyContext(.live)) func theNearestSwitchWins() {
    let root = SwitchRoot().with(\.context, .preview)
    let feature = root.first.with(\.context, .test)
    let detail = feature.detail.with(\.context, .live)
    #expect(root.second.value == "preview")
    #expect(feature.value == "test")
    #expect(detail.value == "live")
    #expect(root.second.detail.value == "preview")
  }

  @Test(.dependencyTestContext) func aSubtreeSwitchLeavesItsParentAndSiblingsUnchanged() {
    let root = SwitchRoot()
    // Read above first: a value the parent resolved is not the switched subtree's.
    #expect(root.switched == "test")
    let feature = root.first.with(\.context, .live)
    #expect(feature.value == "live")
    #expect(feature.detail.value == "live")
    #expect(feature.detail.context == .live)
    #expect(root.switched == "test")
    #expect(root.second.value == "test")
    #expect(root.second.detail.value == "test")
    #expect(root.second.context == .test)
  }

  @Test(.dependencyTestContext) func aSwitchedSubtreeReadFirstLeavesItsParentUnchanged() {
    let root = SwitchRoot()
    let feature = root.first.with(\.context, .live)
    // Read below first: the switched subtree's value is not the parent's either.
    #expect(feature.detail.value == "live")
    #expect(root.switched == "test")
    #expect(root.second.detail.value == "test")
  }

  @Test(.dependencyTestContext) func aContextWrittenAfterReadsTakesEffectAtTheNextRead() {
    let root = SwitchRoot()
    let detail = root.first.detail
    #expect(detail.value == "test")
    #expect(root.first.value == "test")
    root.first.with(\.context, .live)
    #expect(detail.value == "live")
    #expect(root.first.value == "live")
    root.with(\.context, .preview)
    #expect(root.second.value == "preview")
    #expect(detail.value == "live")
    root.first.with(\.context, .test)
    #expect(detail.value == "test")
  }

  @Test(.dependencyTestContext) func readsRacingContextWritesGetTheTokenOfAContextAndNoOther() {
    let tokens = DependencyKeys.tokens
    let wrongTokens = Atomic<Int>(0)
    let finished = finishes {
      let root = SwitchRoot()
      let feature = root.first
      let stop = Atomic<Bool>(false)
      let done = DispatchGroup()
      for _ in 0..<2 {
        done.enter()
        Thread {
          while !stop.load(ordering: .relaxed) {
            let token = feature.token
            if !token.isIntact || !["live", "test"].contains(token.name) {
              wrongTokens.add(1, ordering: .relaxed)
            }
          }
          done.leave()
        }.start()
      }
      for index in 0..<5_000 {
        root.with(\.context, index.isMultiple(of: 2) ? .live : .test)
      }
      stop.store(true, ordering: .relaxed)
      done.wait()
      // The last write was `.test`.
      if feature.token.name != "test" { wrongTokens.add(1, ordering: .relaxed) }
      root.with(\.context, .live)
      if feature.token.name != "live" { wrongTokens.add(1, ordering: .relaxed) }
    }
    #expect(finished)
    #expect(wrongTokens.load(ordering: .relaxed) == 0)
    // One default per context, made once, released with the tree.
    #expect(tokens.peak == 2)
    #expect(becomesTrue { tokens.count == 0 })
  }
}
