import ComposableEnvServices
import Foundation
import TestSupport
import Testing

/// The dependency tree shows services through a source the services product installs once in
/// the core (`DumpAttachments`).
@Suite("Services in the dependency tree")
struct ServicesInTheTreeTests {
  /// The source was a closure kept in a generic container: each dump read it and wrote it back
  /// one reabstraction thunk deeper, and a dump after some thousands of them overflowed the
  /// stack (under ThreadSanitizer, in CI's run of the whole suite).
  @Test func aDumpAfterTenThousandDumpsRunsOnA512KBStack() async throws {
    let root = ServiceRoot().with(ServiceLogKey.self, ServiceLog())
    let services = try await root.startServices(ServiceA.self)
    // `nonisolated(unsafe)`: environments are safe to use from any thread; this one is used by
    // the thread below while the test waits for it.
    nonisolated(unsafe) let environment = root
    let dumped = finishes(stackSize: 512 << 10) {
      for _ in 0..<10_000 { _ = environment.dependencyTree() }
    }
    #expect(dumped)
    #expect(root.dependencyTree().contains("service ServiceA: running"))
    try await services.stop()
  }
}
