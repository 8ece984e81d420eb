import ComposableEnv
import TestSupport
import Testing

/// A key of `Int` made at run time: `FlagKey` of a distinct binary number, as apps generated
/// from schemas, feature flags as keys and plugin hosts have thousands of keys.
private protocol FlagKeyType: LiveInTests where Value == Int {}
/// The digits that spell the numbers.
private enum Digit {
  enum End {}
  enum Zero<Rest> {}
  enum One<Rest> {}
}
private struct FlagKey<Number>: FlagKeyType {
  static var defaultValue: Int { 0 }
}

/// `count` distinct key types: `FlagKey` of the binary numbers spelled in `Digit`s.
private func flagKeys(_ count: Int) -> [any FlagKeyType.Type] {
  var keys: [any FlagKeyType.Type] = []
  func visit<Number>(_: Number.Type, digits: Int) {
    guard keys.count < count else { return }
    guard digits > 0 else { return keys.append(FlagKey<Number>.self) }
    visit(Digit.Zero<Number>.self, digits: digits - 1)
    visit(Digit.One<Number>.self, digits: digits - 1)
  }
  visit(Digit.End.self, digits: Int.bitWidth - max(count - 1, 1).leadingZeroBitCount)
  return keys
}

extension ComposableEnvironment {
  /// The value of `key` here (`key` an opened `any FlagKeyType.Type`).
  fileprivate func flag<Key: FlagKeyType>(_ key: Key.Type) -> Int { self[key] }

  /// Sets `key` to `value` here.
  fileprivate func setFlag<Key: FlagKeyType>(_ key: Key.Type, _ value: Int) { with(key, value) }
}

/// Writes and re-resolves after a write among many keys and values: right, and done in time for
/// the watchdog. What they cost, against 10 keys, is a Benchmarks row ("re-resolve after a write,
/// 100,000 keys", "write with 10,000 values on the node", each with a target of twice the cost
/// among 10); `IndexedEntriesTests` counts the comparisons a lookup makes. Before, both were
/// found by a linear search: among 100,000 computed defaults a re-resolve cost about 70 times one
/// among 10 (release builds).
@Suite("Many keys: writes and re-resolves", .serialized)
struct KeyCountTests {
  /// A root with a child (so that a write invalidates every cache of the tree) that has read
  /// `count` keys' defaults; runs 200 writes of the first key, each followed by a read of the
  /// last key, whose default is looked up again; returns whether every read was right.
  private static func writesThenReads(amongKeys count: Int) -> () -> Bool {
    let keys = flagKeys(count)
    let root = FeatureEnvironment()
    _ = root.next.number
    let (written, read) = (keys[0], keys[count - 1])
    for (index, key) in keys.enumerated() {
      _ = root.flag(key)
      // A write now and then empties the root's read table, which checked builds check whole at
      // each insert: filled with every key, that check alone would take minutes.
      if index % 256 == 255 { root.setFlag(written, index) }
    }
    return { writeThenRead(written, read, at: root) }
  }

  private static func writeThenRead<Written: FlagKeyType, Read: FlagKeyType>(
    _ written: Written.Type, _ read: Read.Type, at root: FeatureEnvironment
  ) -> Bool {
    var right = true
    for value in 1...200 {
      root.setFlag(written, value)
      right = right && root.flag(written) == value && root.flag(read) == 0
    }
    return right
  }

  /// An environment that holds `count` values; runs 200 writes of the value set last; returns
  /// whether each was read back.
  private static func writes(amongValues count: Int) -> () -> Bool {
    let keys = flagKeys(count)
    let environment = FeatureEnvironment()
    for key in keys { environment.setFlag(key, 1) }
    let written = keys[count - 1]
    return { write(written, at: environment) }
  }

  private static func write<Written: FlagKeyType>(
    _ written: Written.Type, at environment: FeatureEnvironment
  ) -> Bool {
    var right = true
    for value in 1...200 {
      environment.setFlag(written, value)
      right = right && environment.flag(written) == value
    }
    return right
  }

  @Test func reResolvingAfterAWriteAmongAHundredThousandKeysReadsTheWrittenValue() {
    let right = Shared(false)
    // On a regression, computing the 100,000 defaults alone takes minutes.
    let finished = finishes {
      right.value = Self.writesThenReads(amongKeys: 100_000)()
    }
    #expect(finished)
    #expect(right.value)
  }

  @Test func aWriteAmongTenThousandValuesReadsBack() {
    let right = Shared(false)
    let finished = finishes {
      right.value = Self.writes(amongValues: 10_000)()
    }
    #expect(finished)
    #expect(right.value)
  }
}
