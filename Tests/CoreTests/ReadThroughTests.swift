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

/// A scope's node that sets values shares with its parent the reads of key paths whose getter
/// read one key it does not set.
@Suite("Reads shared with a scope that sets other keys")
struct SharedReadTests {
  private static func scope(on parent: Node, setting value: Int = 5) -> Node {
    let node = Node.makeChild(
      of: parent, environmentType: SharedReadTests.self, testContext: parent.testContext,
      readsThroughWhileEmpty: true)
    node.write(\.readThroughOther, value)
    return node
  }

  private static func root() -> Node {
    Node.makeRoot(environmentType: SharedReadTests.self, testContext: nil, recordsReads: true)
  }

  private static let numberID = ObjectIdentifier(\Dependencies.readThroughNumber)

  @Test func aReadOfAKeyTheScopeDoesNotSetIsCachedAtItsParent() {
    let root = Self.root()
    let scope = Self.scope(on: root)
    #expect(scope.read(\.readThroughNumber) == 1)
    #expect(root.cachedValue(for: Self.numberID, as: Int.self) == 1)
    #expect(scope.cachedValue(for: Self.numberID, as: Int.self) == nil)
  }

  @Test func aScopeThatReadsSharedValuesManyTimesCachesThemInItsOwnTable() {
    let root = Self.root()
    let scope = Self.scope(on: root)
    for _ in 0..<Node.sharedReadsBeforeCaching { _ = scope.read(\.readThroughNumber) }
    #expect(scope.cachedValue(for: Self.numberID, as: Int.self) == nil)
    #expect(scope.read(\.readThroughNumber) == 1)
    #expect(scope.cachedValue(for: Self.numberID, as: Int.self) == 1)
  }

  @Test func aLaterScopeReadsWhatAnEarlierOneCachedAtTheParent() {
    let root = Self.root()
    #expect(Self.scope(on: root, setting: 1).read(\.readThroughCounted) == 0)
    #expect(Self.scope(on: root, setting: 2).read(\.readThroughCounted) == 0)
    #expect(root.read(\.readThroughCounted) == 0)
    #expect(countedRuns.count == 1)
  }

  @Test func aScopeReadsWhatItsRootCachedBeforeIt() {
    let root = Self.root()
    #expect(root.read(\.readThroughCountedAtRoot) == 0)
    #expect(Self.scope(on: root).read(\.readThroughCountedAtRoot) == 0)
    #expect(countedRunsAtRoot.count == 1)
  }

  @Test func aReadByKeyTypeOfAKeyTheScopeDoesNotSetIsCachedAtItsParent() {
    let root = Self.root()
    let scope = Self.scope(on: root)
    #expect(scope.read(key: ReadThroughNumberKey.self) == 1)
    let id = ObjectIdentifier(ReadThroughNumberKey.self)
    #expect(root.cachedValue(for: id, as: Int.self) == 1)
    #expect(scope.cachedValue(for: id, as: Int.self) == nil)
  }

  @Test func aReadByKeyTypeOfTheKeyTheScopeSetsIsItsOwn() {
    let root = Self.root()
    #expect(Self.scope(on: root, setting: 4).read(key: ReadThroughOtherKey.self) == 4)
    #expect(root.read(key: ReadThroughOtherKey.self) == 0)
  }

  @Test func aReadOfTheKeyTheScopeSetsIsItsOwn() {
    let root = Self.root()
    _ = root.read(\.readThroughOther)
    let scope = Self.scope(on: root, setting: 9)
    #expect(scope.read(\.readThroughOther) == 9)
    #expect(root.read(\.readThroughOther) == 0)
  }

  @Test func aGetterThatReadsTwoKeysRunsInTheScope() {
    let root = Self.root()
    #expect(root.read(\.readThroughSum) == 1)
    #expect(Self.scope(on: root, setting: 10).read(\.readThroughSum) == 11)
  }

  @Test func aGetterThatKeepsItsDependenciesRunsInTheScope() {
    let root = Self.root()
    #expect(root.read(\.readThroughLater)() == 0)
    #expect(Self.scope(on: root, setting: 7).read(\.readThroughLater)() == 7)
  }

  @Test func aKeySetInTheScopeAfterASharedReadIsReadFromTheScope() {
    let root = Self.root()
    let scope = Self.scope(on: root)
    #expect(scope.read(\.readThroughNumber) == 1)
    scope.write(\.readThroughNumber, 3)
    #expect(scope.read(\.readThroughNumber) == 3)
    #expect(root.read(\.readThroughNumber) == 1)
  }

  @Test func aScopeThatSetsTheContextReadsItsOwnDefaults() {
    let root = Self.root()
    #expect(root.read(\.readThroughContextual) == "live")
    let scope = Self.scope(on: root)
    scope.write(\.context, .preview)
    #expect(scope.read(\.readThroughContextual) == "preview")
  }
}

private enum ReadThroughNumberKey: LiveInTests { static var defaultValue: Int { 1 } }

extension Dependencies {
  fileprivate var readThroughNumber: Int {
    get { self[ReadThroughNumberKey.self] }
    set { self[ReadThroughNumberKey.self] = newValue }
  }
}

private enum ReadThroughOtherKey: LiveInTests { static var defaultValue: Int { 0 } }

private enum ReadThroughCountedKey: LiveInTests { static var defaultValue: Int { 0 } }

private enum ReadThroughContextualKey: DependencyKey {
  static var liveValue: String { "live" }
  static var previewValue: String { "preview" }
  static var testValue: String { "test" }
}

/// How many times `readThroughCounted`'s getter ran (only
/// `aLaterScopeReadsWhatAnEarlierOneCachedAtTheParent` reads it).
private let countedRuns = Counter()

/// How many times `readThroughCountedAtRoot`'s getter ran (only
/// `aScopeReadsWhatItsRootCachedBeforeIt` reads it).
private let countedRunsAtRoot = Counter()

extension Dependencies {
  fileprivate var readThroughOther: Int {
    get { self[ReadThroughOtherKey.self] }
    set { self[ReadThroughOtherKey.self] = newValue }
  }

  /// The key's value, counting the getter's runs: a side effect that shows where a result was
  /// computed.
  fileprivate var readThroughCounted: Int {
    countedRuns.increment()
    return self[ReadThroughCountedKey.self]
  }

  /// As `readThroughCounted`.
  fileprivate var readThroughCountedAtRoot: Int {
    countedRunsAtRoot.increment()
    return self[ReadThroughCountedKey.self]
  }

  fileprivate var readThroughSum: Int { readThroughNumber + readThroughOther }

  /// Reads `readThroughOther` when called, in the `Dependencies` it was got from.
  fileprivate var readThroughLater: @Sendable () -> Int {
    _ = self[ReadThroughNumberKey.self]
    let kept = self
    return { kept.readThroughOther }
  }

  fileprivate var readThroughContextual: String { self[ReadThroughContextualKey.self] }
}
