import DependencyValues

/// A value written during a storm: which key family it belongs to, a serial, and a checksum of
/// both, so that a torn, freed or foreign value is detected.
///
/// A class with a `deinit`, so that storms race the release of replaced values against readers,
/// as apps' reference-typed clients do; values written by a storm count themselves in its
/// `LiveCount`, so that the storm can check every replaced value is released.
///
/// ```swift
/// let live = LiveCount()
/// let value = StormValue(family: 0, serial: 1, live: live)  // live.count == 1
/// ```
public final class StormValue: Sendable, CustomStringConvertible {
  public let family: Int
  public let serial: Int
  public let check: Int
  let live: LiveCount?

  public init(family: Int, serial: Int, live: LiveCount? = nil) {
    self.family = family
    self.serial = serial
    self.live = live
    check = family &* 1_000_003 &+ serial
    live?.add(1)
  }

  deinit { live?.add(-1) }

  /// Whether this is a whole, live value of `family`.
  public func isValid(for family: Int) -> Bool {
    self.family == family && check == family &* 1_000_003 &+ serial
  }

  public var description: String { "StormValue(family: \(family), serial: \(serial))" }
}

/// A storm key: its value is a `StormValue`, so that code opening `any StormKey.Type` knows it.
public protocol StormKey: LiveInTests where Value == StormValue {}

/// Six keys in three families. Aliases are only ever declared from a family member to the
/// family's first key, so storms never create cycles or conflicts, and a read of any key must
/// return a value of its own family.
public enum StormKeys {
  public struct S0: StormKey {
    public static var defaultValue: StormValue { .init(family: 0, serial: -1) }
  }
  public struct S1: StormKey {
    public static var defaultValue: StormValue { .init(family: 0, serial: -2) }
  }
  public struct S2: StormKey {
    public static var defaultValue: StormValue { .init(family: 0, serial: -3) }
  }
  public struct S3: StormKey {
    public static var defaultValue: StormValue { .init(family: 1, serial: -1) }
  }
  public struct S4: StormKey {
    public static var defaultValue: StormValue { .init(family: 1, serial: -2) }
  }
  public struct S5: StormKey {
    public static var defaultValue: StormValue { .init(family: 2, serial: -1) }
  }

  /// Each key's family.
  public static let families = [0, 0, 0, 1, 1, 2]

  /// The aliases a storm may declare: (dependency, reference) key indices.
  public static let aliases = [(1, 0), (2, 0), (4, 3)]

  /// `S0`…`S5` themselves, for reads, writes and aliases by key type.
  public static let keyTypes: [any StormKey.Type] = [
    S0.self, S1.self, S2.self, S3.self, S4.self, S5.self,
  ]

  /// The key paths of `S0`…`S5`.
  public static let keyPaths: [WritableKeyPath<Dependencies, StormValue> & Sendable] = [
    \.storm0, \.storm1, \.storm2, \.storm3, \.storm4, \.storm5,
  ]
}

extension Dependencies {
  public var storm0: StormValue {
    get { self[StormKeys.S0.self] }
    set { self[StormKeys.S0.self] = newValue }
  }
  public var storm1: StormValue {
    get { self[StormKeys.S1.self] }
    set { self[StormKeys.S1.self] = newValue }
  }
  public var storm2: StormValue {
    get { self[StormKeys.S2.self] }
    set { self[StormKeys.S2.self] = newValue }
  }
  public var storm3: StormValue {
    get { self[StormKeys.S3.self] }
    set { self[StormKeys.S3.self] = newValue }
  }
  public var storm4: StormValue {
    get { self[StormKeys.S4.self] }
    set { self[StormKeys.S4.self] = newValue }
  }
  public var storm5: StormValue {
    get { self[StormKeys.S5.self] }
    set { self[StormKeys.S5.self] = newValue }
  }
}
