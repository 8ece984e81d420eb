import TestSupport
import Testing

@testable import _EnvironmentCore

/// An identity that counts how often it is compared, in the counter of the test that made it.
struct CountedID: Hashable {
  let value: Int
  let comparisons: Counter

  static func == (lhs: CountedID, rhs: CountedID) -> Bool {
    lhs.comparisons.increment()
    return lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}

/// An entry of these tests: an identity and a payload.
struct NumberedEntry: Identifiable {
  let id: CountedID
  var payload: Int
}

@Suite("Indexed entries")
struct IndexedEntriesTests {
  let comparisons = Counter()

  func id(_ value: Int) -> CountedID { CountedID(value: value, comparisons: comparisons) }

  func entries(_ values: some Sequence<Int>) -> [NumberedEntry] {
    values.map { NumberedEntry(id: id($0), payload: $0 * 10) }
  }

  /// Whether every entry of `entries` is found by its identity, at its place in the order, and
  /// `missing` is not found.
  func findsEach(_ entries: IndexedEntries<NumberedEntry>, missing: Int) -> Bool {
    entries.all.enumerated().allSatisfy { position, entry in
      entries.position(of: entry.id) == position && entries[entry.id]?.payload == entry.payload
    } && entries.position(of: id(missing)) == nil
  }

  @Test func eachEntryIsFoundBeforeAndAfterTheCountPassesTheLinearLimit() {
    var indexed = IndexedEntries<NumberedEntry>()
    for value in 0..<(IndexedEntries<NumberedEntry>.linearLimit * 3) {
      indexed.append(NumberedEntry(id: id(value), payload: value * 10))
      #expect(findsEach(indexed, missing: -1), "after \(value + 1) entries")
    }
  }

  @Test func aBatchThatPassesTheLinearLimitIsFound() {
    var indexed = IndexedEntries<NumberedEntry>()
    indexed.append(contentsOf: entries(0..<10))
    indexed.append(contentsOf: entries(10..<100))
    indexed.append(contentsOf: entries(100..<110))
    #expect(indexed.all.map(\.id.value) == Array(0..<110))
    #expect(findsEach(indexed, missing: 110))
  }

  @Test func entriesLeftByARemovalKeepTheirOrderAndAreFound() {
    var indexed = IndexedEntries<NumberedEntry>()
    indexed.append(contentsOf: entries(0..<100))
    let removed = indexed.removeAll { $0.id.value % 3 != 0 }
    #expect(removed.map(\.id.value) == (0..<100).filter { $0 % 3 != 0 })
    #expect(indexed.all.map(\.id.value) == (0..<100).filter { $0 % 3 == 0 })
    #expect(findsEach(indexed, missing: 1))
    // Down to fewer than the linear limit, then past it again.
    _ = indexed.removeAll { $0.id.value >= 12 }
    #expect(indexed.all.map(\.id.value) == [0, 3, 6, 9])
    #expect(findsEach(indexed, missing: 12))
    indexed.append(contentsOf: entries(200..<230))
    #expect(findsEach(indexed, missing: 12))
  }

  @Test func aModifiedEntryKeepsItsPlace() {
    var indexed = IndexedEntries<NumberedEntry>()
    indexed.append(contentsOf: entries(0..<50))
    let position = indexed.position(of: id(20))!
    indexed.modify(at: position) { $0.payload = -1 }
    #expect(indexed.all.map(\.id.value) == Array(0..<50))
    #expect(indexed[id(20)]?.payload == -1)
  }

  /// What finding an entry costs does not grow with the entries: a linear search compared half
  /// of them on average (50,000 identities here), and a node's values and a tree's defaults are
  /// searched under a lock at every write and every re-resolve after one.
  @Test func findingAnEntryAmongAHundredThousandComparesAFewIdentities() {
    var indexed = IndexedEntries<NumberedEntry>()
    for value in 0..<100_000 { indexed.append(NumberedEntry(id: id(value), payload: value)) }
    let lookups = 1_000
    let before = comparisons.count
    for value in stride(from: 0, to: 100_000, by: 100_000 / lookups) {
      #expect(indexed[id(value)]?.payload == value)
    }
    let perLookup = Double(comparisons.count - before) / Double(lookups)
    #expect(perLookup <= 4, "\(perLookup) comparisons per lookup")
  }
}
