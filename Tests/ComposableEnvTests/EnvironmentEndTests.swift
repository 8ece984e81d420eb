import ComposableEnv
import Foundation
import Testing
import _EnvironmentCore

// The library reports its interleaving points in debug builds only (checked builds).
#if DEBUG
  /// What an environment's end costs: an environment that nothing else holds leaves its cached
  /// reads to its node's release, which frees them without a retirement (no scan of the reader
  /// threads); one whose node something else holds (a child) retires them, so that a cached value
  /// that holds the node is released with it. Checked at the library's interleaving points, which
  /// a debug build reports to the thread's agent.
  @Suite("An environment's end")
  struct EnvironmentEndTests {
    @Test func aRequestEnvironmentNothingElseHoldsEndsWithoutARetirement() {
      let app = EndingAppEnvironment().with(\.endingNumber, 1)
      _ = app.number
      let points = PointRecorder.recording {
        let request = app.makeChild(EndingRequestEnvironment.self)
        #expect(request.number == 1)  // the request's node has a table of cached reads now
      }
      #expect(!points.contains(.retiring), "\(points)")
    }

    @Test func anEnvironmentWhoseNodeAChildHoldsRetiresItsCachedReadsAtItsEnd() {
      var child: EndingRequestEnvironment?
      let points = PointRecorder.recording {
        let parent = EndingAppEnvironment().with(\.endingNumber, 2)
        #expect(parent.number == 2)
        child = parent.makeChild(EndingRequestEnvironment.self)
      }
      #expect(points.contains(.retiring), "\(points)")
      #expect(child?.number == 2)
    }
  }

  /// Records the interleaving points the calling thread reaches while it runs `body`.
  private final class PointRecorder: InterleavingAgent, @unchecked Sendable {
    // `@unchecked Sendable`: `points` is only touched under `lock`.
    private let lock = NSLock()
    private var points: [InterleavingPoint] = []

    func reached(_ point: InterleavingPoint) { lock.withLock { points.append(point) } }

    static func recording(_ body: () -> Void) -> [InterleavingPoint] {
      let recorder = PointRecorder()
      ThreadContext.current.interleavingAgent = recorder
      body()
      ThreadContext.current.interleavingAgent = nil
      return recorder.lock.withLock { recorder.points }
    }
  }

  private enum EndingNumber: DependencyKey {
    static var defaultValue: Int { 0 }
    static var testValue: Int { 0 }
  }

  extension Dependencies {
    fileprivate var endingNumber: Int {
      get { self[EndingNumber.self] }
      set { self[EndingNumber.self] = newValue }
    }
  }

  private final class EndingAppEnvironment: ComposableEnvironment {
    @Dependency(\.endingNumber) var number
  }

  private final class EndingRequestEnvironment: ComposableEnvironment {
    @Dependency(\.endingNumber) var number
  }
#endif
