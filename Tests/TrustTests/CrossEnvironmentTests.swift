import ComposableEnv
import Foundation
import TestSupport
import Testing

/// A value computed for one environment is never returned by another. Before the fix, a child's
/// result was published to its parent's cache ("inherited reads"), so a composed client that keeps
/// its `Dependencies` carried the first request's id to every other request.
@Suite("No result crosses environments")
struct CrossEnvironmentTests {
  @Test func composedClientOfEachRequestReadsItsOwnRequestID() {
    let app = TrustRoot().with(\.label, "app")
    for index in 0..<20 {
      let request = app.makeChild(TrustNode.self).with(\.requestID, "request \(index)")
      #expect(request.requestLogger.requestID() == "request \(index)")
      #expect(request.requestLogger.label == "app")
    }
    #expect(app.requestLogger.requestID() == "none")
    #expect(app.derived(TrustNode.self, id: "later").requestLogger.requestID() == "none")
  }

  @Test func composedClientOfConcurrentRequestsReadsTheirOwnRequestIDs() {
    let app = TrustRoot()
    let wrong = Shared<[String]>([])
    let finished = finishes {
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for index in 0..<2_000 {
          let id = "\(thread)-\(index)"
          let request = app.makeChild(TrustNode.self).with(\.requestID, id)
          let seen = request.requestLogger.requestID()
          if seen != id { wrong.update { $0.append("\(id) saw \(seen)") } }
        }
      }
    }
    #expect(finished)
    #expect(wrong.value == [])
    #expect(app.requestLogger.requestID() == "none")
  }

  @Test func getterRunsForEveryEnvironmentThatReadsIt() {
    let app = TrustRoot().with(\.number, 3)
    let before = GetterRuns.countedNumber.count
    #expect(app[dynamicMember: \.countedNumber] == 3)
    let children = (0..<3).map { _ in app.makeChild(TrustNode.self) }
    for child in children { #expect(child[dynamicMember: \.countedNumber] == 3) }
    // Once per environment: a child's result is not its parent's, even where they agree.
    #expect(GetterRuns.countedNumber.count - before == 4)
    // Cached after that: a second read runs nothing.
    for child in children { _ = child[dynamicMember: \.countedNumber] }
    #expect(GetterRuns.countedNumber.count - before == 4)
  }

  @Test func valueSetOnAChildIsSeenByNeitherItsParentNorItsSiblings() {
    let app = TrustRoot()
    let first = app.makeChild(TrustNode.self)
    let second = app.makeChild(TrustNode.self)
    _ = app[dynamicMember: \.label]
    first.with(\.label, "first")
    #expect(first[dynamicMember: \.label] == "first")
    #expect(second[dynamicMember: \.label] == "none")
    #expect(app[dynamicMember: \.label] == "none")
    #expect(app.derived(TrustNode.self)[dynamicMember: \.label] == "none")
  }

  @Test func composedClientCachedByItsEnvironmentDoesNotKeepItsValuesAlive() {
    let live = LiveCount()
    do {
      let request = TrustRoot().with(\.token, LiveToken("request", live))
      // The client keeps the request's `Dependencies`, and the request caches the client.
      _ = request.requestLogger.requestID()
      _ = request.token
    }
    #expect(becomesTrue { live.count == 0 })
  }

  @Test func composedClientOfAChildThatOutlivesItsParentStillReads() {
    let child = TrustRoot().with(\.label, "app").child
    #expect(child.requestLogger.label == "app")
    #expect(child.requestLogger.requestID() == "none")
  }
}
