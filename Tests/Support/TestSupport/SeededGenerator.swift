import Foundation

/// A small, fast, seedable random number generator (SplitMix64), so that a failing random test
/// can be replayed from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seeds to run: `MODEL_SEED` alone if set (to replay a failure), else `count` fresh ones.
  public static func seeds(count: Int) -> [UInt64] {
    if let text = ProcessInfo.processInfo.environment["MODEL_SEED"], let seed = UInt64(text) {
      return [seed]
    }
    var system = SystemRandomNumberGenerator()
    return (0..<count).map { _ in system.next() }
  }
}
