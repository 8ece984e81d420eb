import DependencyValues
import Foundation
import TestSupport
import Testing
import _EnvironmentAtomics

@testable import _EnvironmentCore

/// An object whose release a test observes, in the count of its test.
final class Probe {
  let live: LiveObjects
  init(_ live: LiveObjects) {
    self.live = live
    live.count += 1
  }
  deinit { live.count -= 1 }
}

/// The live `Probe`s of one test. `@unchecked Sendable`: changed by the test's own thread, and
/// read by it after the threads it started have finished.
final class LiveObjects: @unchecked Sendable {
  var count = 0
}

/// Fills `table` with `count` key-path-like entries, each owned by a fresh object as a key path
/// is, and returns the owners: a test keeps them alive (as a literal key path is kept) or drops
/// them (as a key path made at run time is after its read). Each entry's box holds a `Probe`.
func insertOwnedEntries(
  _ count: Int, into table: ReadTable, live: LiveObjects = LiveObjects()
) -> [Probe] {
  (0..<count).map { _ in
    let owner = Probe(LiveObjects())
    table.insert(
      UInt(bitPattern: ObjectIdentifier(owner)),
      box: Unmanaged.passRetained(Box(Probe(live)) as AnyObject).toOpaque(),
      owner: ReadTable.retainOwner(owner))
    return owner
  }
}

@Suite("Read table")
struct ReadTableTests {
  @Test func entryIsFoundUnderItsIdentityOnlyWhileTheTreeIsAtTheTablesGeneration() {
    let tree = Tree.make()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    defer { table.destroy() }
    let owner = insertOwnedEntries(1, into: table)[0]
    #expect(table.box(for: ObjectIdentifier(owner)) != nil)
    tree.invalidateValues()
    #expect(table.box(for: ObjectIdentifier(owner)) == nil)
  }

  @Test func fullTableWhoseKeyPathsAreAliveGrowsWithEveryEntry() {
    let tree = Tree.make()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    let owners = insertOwnedEntries(2, into: table)
    let larger = table.withRoom(tree: tree)
    table.destroy()
    defer { larger.destroy() }
    #expect(larger.capacity == 4 && larger.count == 2)
    #expect(owners.allSatisfy { larger.box(for: ObjectIdentifier($0)) != nil })
  }

  @Test func rebuiltTableDropsTheEntriesOfKeyPathsNoLongerAliveAndKeepsTheRest() {
    let tree = Tree.make()
    let live = LiveObjects()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 64)
    let memo = ObjectIdentifier(Int.self)
    table.insert(
      UInt(bitPattern: memo), box: Unmanaged.passRetained(Box(Probe(live)) as AnyObject).toOpaque(),
      owner: nil)
    let kept = insertOwnedEntries(7, into: table, live: live)
    // Made at run time and dropped after their read: deinitialized, their entries unreadable.
    _ = insertOwnedEntries(40, into: table, live: live)
    #expect(!table.hasRoom)
    let replacement = table.withRoom(tree: tree)
    table.destroy()
    #expect(replacement.count == 8 && replacement.box(for: memo) != nil)
    #expect(kept.allSatisfy { replacement.box(for: ObjectIdentifier($0)) != nil })
    #expect(live.count == 8, "the dropped entries' values are released with the old table")
    #expect(replacement.capacity == 32, "room for as many entries again as it keeps")
    replacement.destroy()
  }

  @Test func tableOfThousandsOfLiveKeyPathsKeepsThemAllAndFindsEach() {
    let tree = Tree.make()
    var table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    var owners: [Probe] = []
    for _ in 0..<4_096 {
      if !table.hasRoom {
        let larger = table.withRoom(tree: tree)
        table.destroy()
        table = larger
      }
      owners += insertOwnedEntries(1, into: table)
    }
    defer { table.destroy() }
    #expect(table.count == 4_096 && table.capacity == 8_192)
    #expect(owners.allSatisfy { table.box(for: ObjectIdentifier($0)) != nil })
  }

  @Test func destroyingATableReleasesEveryBoxAndOwner() {
    let tree = Tree.make()
    let live = LiveObjects()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 8)
    _ = insertOwnedEntries(5, into: table, live: live)
    #expect(live.count == 5)
    table.destroy()
    #expect(live.count == 0)
  }
}

@Suite("Reclamation")
struct ReclamationTests {
  @Test func tableRetiredWithNoReaderPinnedIsFreedAtOnce() {
    let tree = Tree.make()
    let live = LiveObjects()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    _ = insertOwnedEntries(2, into: table, live: live)
    Reclamation.retire(table)
    // At once, unless another test's reader is pinned just then: that reader frees it as it unpins.
    #expect(becomesTrue { live.count == 0 })
  }

  @Test func retirementNeverWaitsAndTheLastReaderPinnedAtItsEpochFreesTheTableAsItUnpins() {
    PinnedReaderExclusion.run { retirementNeverWaits() }
  }

  private func retirementNeverWaits() {
    let tree = Tree.make()
    let live = LiveObjects()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    _ = insertOwnedEntries(1, into: table, live: live)
    let reader = PinnedReader()
    let shared = UncheckedTable(table)
    #expect(finishes { Reclamation.retire(shared.table) }, "retire never waits")
    #expect(live.count == 1, "held while the reader is pinned")
    #expect(reader.unpin())
    #expect(
      becomesTrue { live.count == 0 },
      "freed by the reader as it unpinned, with no other operation")
  }

  @Test func aSectionPinnedAfterTheRetirementDoesNotHoldTheTableBack() {
    PinnedReaderExclusion.run { aNewSectionDoesNotHoldTheTableBack() }
  }

  private func aNewSectionDoesNotHoldTheTableBack() {
    let tree = Tree.make()
    let live = LiveObjects()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    _ = insertOwnedEntries(1, into: table, live: live)
    // A reader that ends the section the retirement waits for and at once pins a new one.
    let reader = PinnedReader()
    Reclamation.retire(table)
    #expect(reader.unpin() && reader.pinAgain())
    #expect(
      becomesTrue { live.count == 0 },
      "freed as the old section ended, while the reader is pinned in a new one")
    reader.unpin()
  }
}

/// A table handed to another thread by a test. `@unchecked Sendable`: the test stops using it
/// once handed over.
struct UncheckedTable: @unchecked Sendable {
  let table: ReadTable
  init(_ table: ReadTable) { self.table = table }
}

@Suite("Dropping cached reads")
struct DroppingCachedReadsTests {
  private static func hasTable(_ node: Node) -> Bool {
    node.storage.withUnsafeMutablePointerToHeader { !ReadTable($0.pointee.table).isEmptySentinel }
  }

  @Test func aNodeHeldOnlyByItsCallerKeepsItsTableForItsOwnRelease() {
    let node = Node.makeRoot(environmentType: DroppingCachedReadsTests.self, testContext: nil)
    _ = node.read(\.droppingNumber)
    #expect(Self.hasTable(node))
    Node.dropCachedReadsIfShared(lending: Unmanaged.passUnretained(node.storage))
    #expect(Self.hasTable(node), "no other holder: no retirement, the node's release frees it")
  }

  @Test func aNodeAChildHoldsDropsItsTable() {
    let node = Node.makeRoot(environmentType: DroppingCachedReadsTests.self, testContext: nil)
    let child = Node.makeChild(
      of: node, environmentType: DroppingCachedReadsTests.self, testContext: nil)
    _ = node.read(\.droppingNumber)
    Node.dropCachedReadsIfShared(lending: Unmanaged.passUnretained(node.storage))
    #expect(!Self.hasTable(node), "the child holds the node: the table is retired")
    withExtendedLifetime(child) {}
  }
}

private enum DroppingNumber: LiveInTests { static var defaultValue: Int { 0 } }

extension Dependencies {
  fileprivate var droppingNumber: Int { self[DroppingNumber.self] }
}
