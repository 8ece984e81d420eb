import DependencyValues
import TestSupport
import Testing

@testable import _EnvironmentCore

@_silgen_name("swift_unownedRetainCount")
private func unownedRetainCount(_ object: UnsafeMutableRawPointer) -> Int

@Suite("Key paths that @Dependency properties declare")
struct DeclaredKeyPathsTests {
  /// A key path made at run time (appending), so that the test owns the only reference to it.
  private static func runTimeKeyPath() -> KeyPath<Dependencies, Int> {
    (\Dependencies.declaredBox).appending(path: \DeclaredBox.number)
  }

  private static let site = ReadSite(fileID: #fileID, filePath: #filePath, line: #line, column: 1)

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
    #expect(unownedRetainCount(address) >= 1, "its memory stays: the identity is never another's")
  }

  @Test func aDeclaredReadsEntryHoldsNoReferenceToItsKeptKeyPath() {
    let keyPath = Self.runTimeKeyPath()
    let root = Node.makeRoot(environmentType: DeclaredKeyPathsTests.self, testContext: nil)
    let before = unownedRetainCount(Unmanaged.passUnretained(keyPath).toOpaque())
    let source = DependencySource<Int, KeyPath<Dependencies, Int>>.keyPath(keyPath)
    #expect(source.read(at: root, from: Self.site) == 7)
    #expect(source.read(at: root, from: Self.site) == 7, "read again from the table")
    #expect(unownedRetainCount(Unmanaged.passUnretained(keyPath).toOpaque()) == before)
  }

  @Test func anUndeclaredReadsEntryKeepsItsKeyPathsIdentityWithAnUnownedRetain() {
    let keyPath = Self.runTimeKeyPath()
    let root = Node.makeRoot(environmentType: DeclaredKeyPathsTests.self, testContext: nil)
    let before = unownedRetainCount(Unmanaged.passUnretained(keyPath).toOpaque())
    #expect(root.read(keyPath) == 7)
    #expect(unownedRetainCount(Unmanaged.passUnretained(keyPath).toOpaque()) == before + 1)
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
