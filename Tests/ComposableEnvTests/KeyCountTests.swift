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

/// The ratio of the median times of `many` and `few`, over `samples` samples of each taken in
/// turn (so that a slow moment of the machine slows both alike).
private func medianRatio(samples: Int = 7, few: () -> Void, many: () -> Void) -> Double {
  var fewTimes: [Double] = []
  var manyTimes: [Double] = []
  for _ in 0..<samples {
    fewTimes.append(seconds(few))
    manyTimes.append(seconds(many))
  }
  return manyTimes.sorted()[samples / 2] / fewTimes.sorted()[samples / 2]
}

/// What a write, and a re-resolve after a write, cost does not grow with the keys a tree has read
/// or the values an environment holds. Before, both were found by a linear search (under the
/// tree's or the node's lock): a re-resolve after a write among 100,000 computed defaults cost
/// about 70 times one among 10, and a write among 10,000 values about 18 times one among 10
/// (release builds).
@Suite("Many keys: writes and re-resolves", .serialized)
struct KeyCountTests {
  /// A root with a child (so that a write invalidates every cache of the tree) that has read
  /// `count` keys' defaults; runs 200 writes of the first key, each followed by a read of the
  /// last key, whose default is looked up again.
  private static func writesThenReads(amongKeys count: Int) -> () -> Void {
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
  ) {
    for value in 1...200 {
      root.setFlag(written, value)
      _ = root.flag(read)
    }
  }

  /// An environment that holds `count` values; runs 200 writes of the value set last.
  private static func writes(amongValues count: Int) -> () -> Void {
    let keys = flagKeys(count)
    let environment = FeatureEnvironment()
    for key in keys { environment.setFlag(key, 1) }
    let written = keys[count - 1]
    return { write(written, at: environment) }
  }

  private static func write<Written: FlagKeyType>(
    _ written: Written.Type, at environment: FeatureEnvironment
  ) {
    for value in 1...200 { environment.setFlag(written, value) }
  }

  @Test func reResolvingAfterAWriteAmongAHundredThousandKeysCostsAboutWhatItDoesAmongTen() {
    let ratio = Shared(Double.infinity)
    // On a regression, computing the 100,000 defaults alone takes minutes.
    let finished = finishes(within: 120) {
      let few = Self.writesThenReads(amongKeys: 10)
      let many = Self.writesThenReads(amongKeys: 100_000)
      ratio.value = medianRatio(few: few, many: many)
    }
    #expect(finished)
    #expect(ratio.value <= 5, "\(ratio.value) times the cost among 10 keys")
  }

  @Test func aWriteAmongTenThousandValuesCostsAboutWhatItDoesAmongTen() {
    let ratio = Shared(Double.infinity)
    let finished = finishes(within: 120) {
      let few = Self.writes(amongValues: 10)
      let many = Self.writes(amongValues: 10_000)
      ratio.value = medianRatio(few: few, many: many)
    }
    #expect(finished)
    #expect(ratio.value <= 5, "\(ratio.value) times the cost among 10 values")
  }
}
