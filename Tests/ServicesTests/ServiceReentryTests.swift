import ComposableEnvServices
import ComposableEnvTesting
import Foundation
import TestSupport
import Testing

/// What a re-entering service's start needs: the root (weakly: the root holds this through a
/// plain dependency) and the count of its values alive.
final class ReentryContext: @unchecked Sendable {
  // `@unchecked Sendable`: `root` is set once, before the services start.
  weak var root: ServiceRoot?
  let live = LiveCount()
}

struct ReentryContextKey: LiveInTests {
  static var defaultValue: ReentryContext { ReentryContext() }
}

/// A service value whose `deinit` writes to, derives from and reads the environment it was set
/// on: released when its service stops, it re-enters the library.
final class ReenteringValue: @unchecked Sendable {
  // `@unchecked Sendable`: immutable.
  let root: ServiceRoot
  let token: LiveToken

  init(root: ServiceRoot, live: LiveCount) {
    self.root = root
    token = LiveToken("re-entering", live)
  }

  deinit {
    root.with(ServiceLogKey.self, ServiceLog())
    let request = root.makeChild(RequestChild.self)
    _ = request[ServiceLogKey.self]
    _ = root.derived(RequestChild.self)[ServiceLogKey.self]
  }
}

struct ReenteringService: ServiceKey {
  static func start(_ services: ServiceStart) async throws -> ReenteringValue {
    let context = services.dependencies[ReentryContextKey.self]
    guard let root = context.root else { throw Failure(name: "no root") }
    return ReenteringValue(root: root, live: context.live)
  }
}

@Suite("Services whose values re-enter the library", .timeLimit(.minutes(10)))
struct ServiceReentryTests {
  @Test func aServiceValueWhoseDeinitWritesAndDerivesIsReleasedAtStopWithoutDeadlock()
    async throws
  {
    let context = ReentryContext()
    do {
      let root = ServiceRoot().with(ReentryContextKey.self, context)
      context.root = root
      let services = try await root.startServices(ReenteringService.self)
      #expect(context.live.count == 1)
      try await services.stop()
    }
    // The value's last reference goes with the graph's: give a stop task time to let it go.
    let deadline = ContinuousClock.now + .seconds(30)
    while context.live.count > 0, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(context.live.count == 0)
  }
}
