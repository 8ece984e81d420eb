import DependencyValues

/// Five `String` keys for model-based tests: any two may be aliased.
public enum ModelKeys {
  public struct M0: DependencyKey { public static var defaultValue: String { "default-0" } }
  public struct M1: DependencyKey { public static var defaultValue: String { "default-1" } }
  public struct M2: DependencyKey { public static var defaultValue: String { "default-2" } }
  public struct M3: DependencyKey { public static var defaultValue: String { "default-3" } }
  public struct M4: DependencyKey { public static var defaultValue: String { "default-4" } }

  public static let count = 5

  /// The key paths of `M0`…`M4`.
  public static let keyPaths: [WritableKeyPath<Dependencies, String> & Sendable] = [
    \.model0, \.model1, \.model2, \.model3, \.model4,
  ]

  /// The default of key `index`.
  public static func defaultValue(_ index: Int) -> String { "default-\(index)" }
}

extension Dependencies {
  public var model0: String {
    get { self[ModelKeys.M0.self] }
    set { self[ModelKeys.M0.self] = newValue }
  }
  public var model1: String {
    get { self[ModelKeys.M1.self] }
    set { self[ModelKeys.M1.self] = newValue }
  }
  public var model2: String {
    get { self[ModelKeys.M2.self] }
    set { self[ModelKeys.M2.self] = newValue }
  }
  public var model3: String {
    get { self[ModelKeys.M3.self] }
    set { self[ModelKeys.M3.self] = newValue }
  }
  public var model4: String {
    get { self[ModelKeys.M4.self] }
    set { self[ModelKeys.M4.self] = newValue }
  }
}
