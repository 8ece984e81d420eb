// pointfreeco/swift-dependencies' side of the benchmarks: the same keys, declared its way.
import Dependencies

enum PeerNumberKey: DependencyKey { static let liveValue = 42 }
enum PeerKey0: DependencyKey { static let liveValue = 0 }
enum PeerKey1: DependencyKey { static let liveValue = 1 }
enum PeerKey2: DependencyKey { static let liveValue = 2 }
enum PeerKey3: DependencyKey { static let liveValue = 3 }
enum PeerKey4: DependencyKey { static let liveValue = 4 }
enum PeerKey5: DependencyKey { static let liveValue = 5 }
enum PeerKey6: DependencyKey { static let liveValue = 6 }
enum PeerKey7: DependencyKey { static let liveValue = 7 }
enum PeerKey8: DependencyKey { static let liveValue = 8 }
enum PeerKey9: DependencyKey { static let liveValue = 9 }

extension DependencyValues {
  /// A read-only key path with an argument (a new key path object per expression).
  subscript(peerKey index: Int) -> Int { self[PeerNumberKey.self] &+ index }

  var peerNumber: Int {
    get { self[PeerNumberKey.self] }
    set { self[PeerNumberKey.self] = newValue }
  }
  var peer0: Int {
    get { self[PeerKey0.self] }
    set { self[PeerKey0.self] = newValue }
  }
  var peer1: Int {
    get { self[PeerKey1.self] }
    set { self[PeerKey1.self] = newValue }
  }
  var peer2: Int {
    get { self[PeerKey2.self] }
    set { self[PeerKey2.self] = newValue }
  }
  var peer3: Int {
    get { self[PeerKey3.self] }
    set { self[PeerKey3.self] = newValue }
  }
  var peer4: Int {
    get { self[PeerKey4.self] }
    set { self[PeerKey4.self] = newValue }
  }
  var peer5: Int {
    get { self[PeerKey5.self] }
    set { self[PeerKey5.self] = newValue }
  }
  var peer6: Int {
    get { self[PeerKey6.self] }
    set { self[PeerKey6.self] = newValue }
  }
  var peer7: Int {
    get { self[PeerKey7.self] }
    set { self[PeerKey7.self] = newValue }
  }
  var peer8: Int {
    get { self[PeerKey8.self] }
    set { self[PeerKey8.self] = newValue }
  }
  var peer9: Int {
    get { self[PeerKey9.self] }
    set { self[PeerKey9.self] = newValue }
  }
}

/// A model that reads one dependency.
struct PeerModel {
  @Dependency(\.peerNumber) var number
}

/// A model that reads ten dependencies.
struct PeerTenModel {
  @Dependency(\.peer0) var peer0
  @Dependency(\.peer1) var peer1
  @Dependency(\.peer2) var peer2
  @Dependency(\.peer3) var peer3
  @Dependency(\.peer4) var peer4
  @Dependency(\.peer5) var peer5
  @Dependency(\.peer6) var peer6
  @Dependency(\.peer7) var peer7
  @Dependency(\.peer8) var peer8
  @Dependency(\.peer9) var peer9

  /// Reads all ten.
  var sum: Int { peer0 &+ peer1 &+ peer2 &+ peer3 &+ peer4 &+ peer5 &+ peer6 &+ peer7 &+ peer8 &+ peer9 }
}
