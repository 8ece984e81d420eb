import DependencyValues
import TestSupport
import Testing

@testable import _EnvironmentCore

@Suite("Key paths that @Dependency properties declare")
struct DeclaredKeyPathsTests {
  /// A key path made at run time (appending), so that the test owns the only reference to it.
  private static func runTimeKeyPath() -> KeyPath<Dependencies, Int> {
    (\Dependencies.declaredBox).appending(path: \DeclaredBox.number)
  }

  private static let site = ReadSite(fileID: #fileID, filePath: #filePath, line: #line, column: 1)

  /// Whether `node`'s table holds an anchor for `keyPath`'s entry.
  private static func isAnchored(_ keyPath: AnyKeyPath, at node: Node) -> Bool {
    node.storage.withLock { _, words in
      ReadTable(words.pointee.table).isAnchored(ObjectIdentifier(keyPath))
    }
  }

  @Test func aKeptKeyPathIsDeinitializedWhenItsLastUserDropsIt() {
    weak var weakKeyPath: KeyPath<Dependencies, Int>?
    let address: UnsafeMutableRawPointer
    do {
      let keyPath = Self.runTimeKeyPath()
      weakKeyPath = keyPath
      address = Unmanaged.passUnretained(keyPath).toOpaque()
      #expect(DeclaredKeyPaths.keep(keyPath))
      #expect(DeclaredKeyPaths.keep(keyPath), "keeping it again finds it kept")
    }
    #expect(weakKeyPath == nil, "the process keeps its identity, not the key path")
    // Its memory stays: new key paths of its size, kept alive together, never get its address.
    let later = (0..<1_000).map { _ in Self.runTimeKeyPath() }
    #expect(!later.contains { Unmanaged.passUnretained($0).toOpaque() == address })
  }

  @Test func aDeclaredReadsEntryHoldsNoReferenceToItsKeptKeyPath() {
    let keyPath = Self.runTimeKeyPath()
    let root = Node.makeRoot(environmentType: DeclaredKeyPathsTests.self, testContext: nil)
    let source = DependencySource<Int, KeyPath<Dependencies, Int>>.keyPath(keyPath)
    #expect(source.read(at: root, from: Self.site) == 7)
    #expect(source.read(at: root, from: Self.site) == 7, "read again from the table")
    #expect(!Self.isAnchored(keyPath, at: root))
  }

  @Test func anUndeclaredReadsEntryKeepsItsKeyPathsIdentityWithAnAnchor() {
    let keyPath = Self.runTimeKeyPath()
    let root = Node.makeRoot(environmentType: DeclaredKeyPathsTests.self, testContext: nil)
    #expect(root.read(keyPath) == 7)
    #expect(Self.isAnchored(keyPath, at: root))
  }
}

struct DeclaredBox: Sendable { var number = 7 }

private enum DeclaredBoxKey: LiveInTests { static var defaultValue: DeclaredBox { DeclaredBox() } }

extension Dependencies {
  fileprivate var declaredBox: DeclaredBox {
    get { self[DeclaredBoxKey.self] }
    set { self[DeclaredBoxKey.self] = newValue }
  }
}
