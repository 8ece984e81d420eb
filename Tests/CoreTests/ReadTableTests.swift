import DependencyValues
import Foundation
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

/// Fills `table` with `entries` key-path-like entries (owned by a fresh object each, as a key path
/// made at run time is) and returns their identities.
func insertOwnedEntries(
  _ count: Int, into table: ReadTable, live: LiveObjects = LiveObjects()
) -> [ObjectIdentifier] {
  (0..<count).map { _ in
    let owner = Probe(live)
    let identity = ObjectIdentifier(owner)
    table.insert(
      identity, box: Unmanaged.passRetained(Box(1) as AnyObject).toOpaque(),
      owner: Unmanaged.passRetained(owner).toOpaque())
    return identity
  }
}

@Suite("Read table")
struct ReadTableTests {
  @Test func entryIsFoundUnderItsIdentityOnlyWhileTheTreeIsAtTheTablesGeneration() {
    let tree = Tree.make()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    defer { table.destroy() }
    let identity = insertOwnedEntries(1, into: table)[0]
    #expect(table.box(for: identity) != nil)
    tree.invalidateValues()
    #expect(table.box(for: identity) == nil)
  }

  @Test func fullTableBelowTheMaximumGrowsWithEveryEntry() {
    let tree = Tree.make()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    let identities = insertOwnedEntries(2, into: table)
    let larger = table.withRoom(tree: tree)
    table.destroy()
    defer { larger.destroy() }
    #expect(larger.capacity == 4 && larger.count == 2)
    #expect(identities.allSatisfy { larger.box(for: $0) != nil })
  }

  @Test func fullTableAtTheMaximumKeepsOnlyKeyMemosAndReleasesTheRest() {
    let tree = Tree.make()
    let live = LiveObjects()
    let table = ReadTable.make(
      tree: tree, generation: tree.generation, capacity: ReadTable.maximumCapacity)
    let memo = ObjectIdentifier(Int.self)
    table.insert(memo, box: Unmanaged.passRetained(Box(7) as AnyObject).toOpaque(), owner: nil)
    _ = insertOwnedEntries(ReadTable.maximumCapacity - 1, into: table, live: live)
    let replacement = table.withRoom(tree: tree)
    table.destroy()
    #expect(replacement.capacity == ReadTable.maximumCapacity)
    #expect(replacement.count == 1 && replacement.box(for: memo) != nil)
    #expect(live.count == 0)
    replacement.destroy()
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
    #expect(live.count == 0)
  }

  @Test func retirementWaitsForAReaderPinnedAtItsEpochAndFreesOnceItUnpins() {
    let tree = Tree.make()
    let live = LiveObjects()
    let table = ReadTable.make(tree: tree, generation: tree.generation, capacity: 2)
    _ = insertOwnedEntries(1, into: table, live: live)
    let pinned = DispatchSemaphore(value: 0)
    let unpin = DispatchSemaphore(value: 0)
    let retired = DispatchSemaphore(value: 0)
    // A reader on a thread of its own (a pin belongs to a thread), pinned until the test says so.
    Thread {
      let record = environment_pin()
      pinned.signal()
      unpin.wait()
      environment_unpin(record)
    }.start()
    pinned.wait()
    let shared = UncheckedTable(table)
    Thread {
      Reclamation.retire(shared.table)
      retired.signal()
    }.start()
    #expect(retired.wait(timeout: .now() + 0.1) == .timedOut, "retire waits for the reader")
    #expect(live.count == 1, "held while the reader is pinned")
    unpin.signal()
    #expect(retired.wait(timeout: .now() + 10) == .success)
    #expect(live.count == 0)
  }

  @Test func epochAdvancesWithEveryRetirement() {
    let tree = Tree.make()
    let epoch = environment_epoch_load()
    Reclamation.retire(ReadTable.make(tree: tree, generation: tree.generation, capacity: 2))
    #expect(environment_epoch_load() > epoch)
  }
}

/// A table handed to another thread by a test. `@unchecked Sendable`: the test stops using it
/// once handed over.
struct UncheckedTable: @unchecked Sendable {
  let table: ReadTable
  init(_ table: ReadTable) { self.table = table }
}
