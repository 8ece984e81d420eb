import ComposableEnv

/// A key of `Int` made at run time (`FlagKey<T>`), as apps generated from schemas, feature flags
/// as keys and plugin hosts have thousands of.
protocol FlagKeyType: DependencyKey where Value == Int {}

/// One of many keys: `FlagKey` of a distinct binary number (`Digit<One, Digit<Zero, …>>`).
struct FlagKey<Number: BenchmarkIndex>: FlagKeyType {
  static var defaultValue: Int { 0 }
}

/// Distinct key types, as many as asked for: `FlagKey` of the binary numbers spelled in `Digit`s
/// (17 digits make 131,072 keys).
enum ManyKeyTypes {
  static func make(_ count: Int) -> [any FlagKeyType.Type] {
    var keys: [any FlagKeyType.Type] = []
    keys.reserveCapacity(count)
    let digits = Int.bitWidth - max(count - 1, 1).leadingZeroBitCount
    visit(Bottom.self, digits: digits, count: count, into: &keys)
    return keys
  }

  private static func visit<Number: BenchmarkIndex>(
    _: Number.Type, digits: Int, count: Int, into keys: inout [any FlagKeyType.Type]
  ) {
    guard keys.count < count else { return }
    guard digits > 0 else { return keys.append(FlagKey<Number>.self) }
    visit(Digit<Zero, Number>.self, digits: digits - 1, count: count, into: &keys)
    visit(Digit<One, Number>.self, digits: digits - 1, count: count, into: &keys)
  }
}

extension ComposableEnvironment {
  /// The value of `key` here (`key` an opened `any FlagKeyType.Type`).
  func flag<Key: FlagKeyType>(_ key: Key.Type) -> Int { self[key] }

  /// Sets `key` to `value` here.
  func setFlag<Key: FlagKeyType>(_ key: Key.Type, _ value: Int) { with(key, value) }
}
