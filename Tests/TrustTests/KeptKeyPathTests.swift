import ComposableEnv
import Dispatch
import TestSupport
import Testing

/// The key paths a `@Dependency` declares are kept for the process by identity only: a key path
/// made at run time whose subscript arguments hold objects (`\.[tenantSize: tenant]`) releases
/// them when its last environment goes. Before, the process kept the key path itself, with its
/// arguments: 4,096 of 5,000 tenants stayed alive after every environment was dropped. Run in a
/// child process (`BoundedMemoryInAChildProcess`): 5,000 key paths fill the process's set.
@Suite("Key paths kept for the process", .serialized, .enabled(if: measuresHeapHere))
struct KeptKeyPathTests {
  @Test func aDeclaredKeyPathsArgumentsAreReleasedWithItsLastEnvironment() {
    let live = LiveCount()
    for index in 0..<5_000 {
      let environment = TenantEnvironment(tenant: Tenant(index, live))
      #expect(environment.size == Tenant.payloadSize)
    }
    #expect(live.count == 0, "\(live.count) of 5,000 tenants are still alive")
  }

  @Test func aWrittenKeyPathsArgumentsAreReleasedWithItsLastUser() {
    let live = LiveCount()
    let root = TrustRoot()
    for index in 0..<1_000 {
      let tenant = Tenant(index, live)
      root.with(\.[tenantLimit: tenant], index)
      #expect(root[dynamicMember: \.[tenantLimit: tenant]] == index)
    }
    #expect(live.count == 0, "\(live.count) of 1,000 tenants are still alive")
  }

  /// Beyond the key paths the process keeps (4,096), a read table's entry keeps its key path's
  /// identity itself (`IdentityAnchor`), and the key path is still released by its last user.
  @Test func aKeyPathBeyondTheKeptOnesReleasesItsArgumentsWhileItsEnvironmentLives() {
    let live = LiveCount()
    let root = TrustRoot()
    for index in 0..<6_000 {
      let tenant = Tenant(index, live)
      #expect(root[dynamicMember: \.[tenantSize: tenant]] == Tenant.payloadSize)
    }
    #expect(live.count == 0, "\(live.count) of 6,000 tenants are still alive")
  }
}

/// An object a key path's subscript captures, of 16 KB, counted while alive.
final class Tenant: Hashable, Sendable {
  static let payloadSize = 16_384
  let index: Int
  let payload: [UInt8]
  let token: LiveToken

  init(_ index: Int, _ live: LiveCount) {
    self.index = index
    payload = [UInt8](repeating: 1, count: Self.payloadSize)
    token = LiveToken("tenant \(index)", live)
  }

  static func == (left: Tenant, right: Tenant) -> Bool { left === right }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An environment that declares a dependency through a key path made at run time, with an
/// argument.
final class TenantEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency var size: Int

  init(tenant: Tenant) {
    _size = Dependency(\.[tenantSize: tenant])
    super.init()
  }

  required init() {
    _size = Dependency(\.tenantLimitDefault)
    super.init()
  }
}

private enum TenantLimitKey: LiveInTests { static var defaultValue: Int { 0 } }

extension Dependencies {
  subscript(tenantSize tenant: Tenant) -> Int { tenant.payload.count }

  var tenantLimitDefault: Int { self[TenantLimitKey.self] }

  /// One value for every tenant: what a write through `\.[tenantLimit: tenant]` sets.
  fileprivate subscript(tenantLimit tenant: Tenant) -> Int {
    get { self[TenantLimitKey.self] }
    set { self[TenantLimitKey.self] = newValue }
  }
}

/// A key path made at run time, read on one thread through fresh children (their read tables take
/// and drop unowned references to it) while another thread makes the first environment that
/// declares it (which keeps it for the process). The library used to make such a key path
/// immortal by writing its reference-count word, racing the runtime's own unowned release: the
/// word ended corrupt and `swift_retain` crashed, 5 of 5 runs.
@Suite("Key paths kept while read elsewhere")
struct KeptKeyPathRaceTests {
  /// On threads of its own, not the cooperative pool's (which tests beside it need); fewer rounds
  /// under a sanitizer.
  @Test func aKeyPathDeclaredOnOneThreadWhileAnotherReadsItThroughFreshChildrenStaysIntact()
    async
  {
    let rounds = isUnderASanitizer ? 200 : 2_000
    let mismatches = Shared(0)
    let finished = await finishesWhileSuspended {
      let app = TrustRoot()
      for round in 0..<rounds {
        let keyPath = (\Dependencies.[tenantSize: Tenant(round, LiveCount())])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
          if thread == 0 {
            for _ in 0..<50 { _ = app.makeChild(TrustNode.self)[dynamicMember: keyPath] }
          } else if DeclaringEnvironment(keyPath).value != Tenant.payloadSize {
            mismatches.value += 1
          }
        }
      }
    }
    #expect(finished)
    #expect(mismatches.value == 0)
  }
}

/// An environment whose one `@Dependency` is the key path it is given.
final class DeclaringEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency var value: Int

  init(_ keyPath: KeyPath<Dependencies, Int> & Sendable) {
    _value = Dependency(keyPath)
    super.init()
  }

  required init() {
    _value = Dependency(\.tenantLimitDefault)
    super.init()
  }
}
