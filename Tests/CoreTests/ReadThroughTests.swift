import DependencyValues
import TestSupport
import Testing

@testable import _EnvironmentCore

/// A node made to read through while it sets nothing (a GlobalEnv scope's), at package level.
@Suite("Reads through empty nodes")
struct ReadThroughTests {
  private static func child(of parent: Node, readsThrough: Bool = true) -> Node {
    Node.makeChild(
      of: parent, environmentType: ReadThroughTests.self, testContext: parent.testContext,
      readsThroughWhileEmpty: readsThrough)
  }

  @Test func anEmptyNodeReadsAtItsParentAndCachesNothingOfItsOwn() {
    let root = Node.makeRoot(environmentType: ReadThroughTests.self, testContext: nil)
    let scope = Self.child(of: root)
    #expect(scope.readingNode?.isIdentical(to: root) == true)
    _ = scope.read(\.readThroughNumber)
    #expect(
      root.cachedValue(for: ObjectIdentifier(\Dependencies.readThroughNumber), as: Int.self) == 1)
    #expect(
      scope.cachedValue(for: ObjectIdentifier(\Dependencies.readThroughNumber), as: Int.self) == nil
    )
  }

  @Test func aNodeReadsItsOwnValuesOnceSomethingIsSetOnIt() {
    let root = Node.makeRoot(environmentType: ReadThroughTests.self, testContext: nil)
    let scope = Self.child(of: root)
    scope.write(\.readThroughNumber, 2)
    #expect(scope.readingNode == nil)
    #expect(scope.read(\.readThroughNumber) == 2)
    #expect(root.read(\.readThroughNumber) == 1)
  }

  @Test func aNodeMadeWithoutTheFlagReadsItsOwnValues() {
    let root = Node.makeRoot(environmentType: ReadThroughTests.self, testContext: nil)
    #expect(Self.child(of: root, readsThrough: false).readingNode == nil)
  }

  @Test func aReadPassesAtMostTheBoundedNumberOfEmptyNodes() {
    let root = Node.makeRoot(environmentType: ReadThroughTests.self, testContext: nil)
    var chain = [root]
    for _ in 0..<(Node.readThroughDepth + 2) { chain.append(Self.child(of: chain.last!)) }
    let reading = chain.last!.readingNode
    #expect(reading?.isIdentical(to: chain[chain.count - 1 - Node.readThroughDepth]) == true)
    #expect(chain.last!.read(\.readThroughNumber) == 1)
  }
}

private enum ReadThroughNumberKey: LiveInTests { static var defaultValue: Int { 1 } }

extension Dependencies {
  fileprivate var readThroughNumber: Int {
    get { self[ReadThroughNumberKey.self] }
    set { self[ReadThroughNumberKey.self] = newValue }
  }
}
