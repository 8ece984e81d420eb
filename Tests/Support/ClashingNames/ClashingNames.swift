// A stand-in for a library whose names clash with this package's, as pointfreeco's `Dependencies`
// does (`DependencyKey`, `@Dependency`). The library cannot depend on the real one; tests import
// this module next to an environment module to prove that the `Compatible` spellings compile.

/// Clashes with `DependencyValues.DependencyKey`.
public protocol DependencyKey {
  associatedtype Value
  static var liveValue: Value { get }
}

/// Clashes with the environment modules' `@Dependency`.
@propertyWrapper
public struct Dependency<Value> {
  public let wrappedValue: Value

  public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
    wrappedValue = Key.liveValue
  }
}
