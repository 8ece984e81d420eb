import DependencyValues
import TestSupport
import Testing

@testable import _EnvironmentCore

@Suite("Key paths kept for the process")
struct KeptKeyPathsTests {
  /// A key path made at run time (appending), so that the test owns the only reference to it.
  private static func runTimeKeyPath() -> KeyPath<Dependencies, Int> {
    (\Dependencies.declaredBox).appending(path: \DeclaredBox.number)
  }

  private static let site = ReadSite(fileID: #fileID, filePath: #filePath, line: #line, column: 1)

  /// What `KeptKeyPaths` holds of a key path (the set itself may be full here: other tests read
  /// thousands of key paths made at run time).
  @Test func aKeptIdentityKeepsTheKeyPathsAddressButNotTheKeyPath() {
    weak var weakKeyPath: KeyPath<Dependencies, Int>?
    let address: UnsafeMutableRawPointer
    var kept: [KeptIdentity] = []
    do {
      let keyPath = Self.runTimeKeyPath()
      weakKeyPath = keyPath
      address = Unmanaged.passUnretained(keyPath).toOpaque()
      kept.append(KeptIdentity(keyPath))
    }
    #expect(weakKeyPath == nil, "the identity is kept, not the key path")
    // Its memory stays: new key paths of its size, kept alive together, never get its address.
    let later = (0..<1_000).map { _ in Self.runTimeKeyPath() }
    #expect(!later.contains { Unmanaged.passUnretained($0).toOpaque() == address })
    withExtendedLifetime(kept) {}
  }

  @Test func aReadThroughAKeyPathMadeAtRunTimeIsCachedWithoutKeepingTheKeyPath() {
    weak var weakKeyPath: KeyPath<Dependencies, Int>?
    let root = Node.makeRoot(environmentType: KeptKeyPathsTests.self, testContext: nil)
    let identity: ObjectIdentifier
    do {
      let keyPath = \Dependencies.[declaredNumber: 0]
      weakKeyPath = keyPath
      identity = ObjectIdentifier(keyPath)
      let source = DependencySource<Int, KeyPath<Dependencies, Int>>.keyPath(keyPath)
      #expect(source.read(at: root, from: Self.site) == 7)
      #expect(root.cachedValue(for: identity, as: Int.self) == 7, "cached under its identity")
    }
    #expect(weakKeyPath == nil, "the node's entry holds no reference to the key path")
  }
}

struct DeclaredBox: Sendable { var number = 7 }

private enum DeclaredBoxKey: LiveInTests { static var defaultValue: DeclaredBox { DeclaredBox() } }

extension Dependencies {
  fileprivate var declaredBox: DeclaredBox {
    get { self[DeclaredBoxKey.self] }
    set { self[DeclaredBoxKey.self] = newValue }
  }

  /// A key path of one component made at run time: `\.[declaredNumber: offset]`.
  fileprivate subscript(declaredNumber offset: Int) -> Int { declaredBox.number + offset }
}
