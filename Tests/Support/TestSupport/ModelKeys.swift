import DependencyValues
import Foundation

/// A value of the model's keys: of class type, so that the fuzzer, the soak and the model tests
/// race and release values whose `deinit` matters. Every value written is counted while alive
/// (`written`); defaults are not.
///
/// ```swift
/// environment.with(ModelKeys.keyPaths[0], ModelValue("v1"))
/// ModelValue.written.count  // 1 while the environment holds it
/// ```
public final class ModelValue: Sendable, CustomStringConvertible {
  /// The values written and still alive, for the process.
  public static let written = LiveCount()

  public let name: String
  private let counted: Bool

  /// A value to write, counted in `written` while alive.
  public init(_ name: String) {
    self.name = name
    counted = true
    Self.written.add(1)
  }

  /// A default value, not counted.
  init(default name: String) {
    self.name = name
    counted = false
  }

  deinit { if counted { Self.written.add(-1) } }

  public var description: String { name }
}

/// Five keys for model-based tests, of class type: any two may be aliased.
public enum ModelKeys {
  public struct M0: LiveInTests {
    public static var defaultValue: ModelValue { .init(default: "default-0") }
  }
  public struct M1: LiveInTests {
    public static var defaultValue: ModelValue { .init(default: "default-1") }
  }
  public struct M2: LiveInTests {
    public static var defaultValue: ModelValue { .init(default: "default-2") }
  }
  public struct M3: LiveInTests {
    public static var defaultValue: ModelValue { .init(default: "default-3") }
  }
  public struct M4: LiveInTests {
    public static var defaultValue: ModelValue { .init(default: "default-4") }
  }

  public static let count = 5

  /// The key paths of `M0`…`M4`.
  public static let keyPaths: [WritableKeyPath<Dependencies, ModelValue> & Sendable] = [
    \.model0, \.model1, \.model2, \.model3, \.model4,
  ]

  /// The default of key `index`.
  public static func defaultValue(_ index: Int) -> String { "default-\(index)" }

  /// The key path of key `index` made at run time, a new object at each call, as
  /// `appending(path:)` makes them.
  public static func runTimeKeyPath(_ index: Int) -> WritableKeyPath<Dependencies, ModelValue> {
    let identity: WritableKeyPath<Dependencies, Dependencies> = \.self
    return identity.appending(path: keyPaths[index])
  }
}

/// A composed client, as apps write them: it keeps the `Dependencies` it was made from and reads
/// the model's keys whenever it is asked.
public struct ModelReader: Sendable {
  let read: @Sendable (Int) -> String

  /// The name of key `index`, read now from the `Dependencies` the reader was made from.
  public func name(of index: Int) -> String { read(index) }
}

extension Dependencies {
  public var model0: ModelValue {
    get { self[ModelKeys.M0.self] }
    set { self[ModelKeys.M0.self] = newValue }
  }
  public var model1: ModelValue {
    get { self[ModelKeys.M1.self] }
    set { self[ModelKeys.M1.self] = newValue }
  }
  public var model2: ModelValue {
    get { self[ModelKeys.M2.self] }
    set { self[ModelKeys.M2.self] = newValue }
  }
  public var model3: ModelValue {
    get { self[ModelKeys.M3.self] }
    set { self[ModelKeys.M3.self] = newValue }
  }
  public var model4: ModelValue {
    get { self[ModelKeys.M4.self] }
    set { self[ModelKeys.M4.self] = newValue }
  }
  /// A reader that keeps this `Dependencies` (see `ModelReader`).
  public var modelReader: ModelReader {
    let dependencies = self
    return ModelReader { dependencies[keyPath: ModelKeys.keyPaths[$0]].name }
  }
}
