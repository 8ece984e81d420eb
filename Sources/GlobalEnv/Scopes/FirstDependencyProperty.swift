import DependencyValues
import _EnvironmentCore

/// A `@Dependency` property, as `withValues(from:)` finds it in a value's stored properties.
protocol CapturesScope {
  var scope: GlobalDependencies.Scope? { get }
}

extension Dependency: CapturesScope {}

/// An object's first `@Dependency` property, in the order `Mirror` lists stored properties (its
/// class's, in declaration order, then its superclasses'): what `withDependencies(from:)` carries
/// over, as swift-dependencies takes its first `@Dependency` property's values. An object's
/// `@Dependency` properties are made together, in its initializer, and so captured one scope.
///
/// Where that property is, is found once per type, by reflecting every stored property; after
/// that, a call reflects that one property, whatever the number of others (a container of 180
/// `@Dependency` properties costs what one does).
///
/// ```swift
/// FirstDependencyProperty.of(model)?.scope  // the scope the model was made in
/// ```
enum FirstDependencyProperty {
  /// Where the property is: `level` superclass mirrors up, at `index` among that mirror's
  /// children.
  private typealias Location = (level: Int, index: Int)

  /// For each type reflected so far, its first property's location, or `nil` when it declares
  /// none. A leaf lock; as many entries as types given to `withDependencies(from:)` or returned
  /// from a `withDependencies` operation.
  nonisolated(unsafe) private static let known = LockedValue<[ObjectIdentifier: Location?]>.make(
    [:])

  /// The first `@Dependency` property of `object`, if its type declares one. Reflects `object`
  /// with no lock held: a custom mirror is user code.
  static func of(_ object: Any) -> (any CapturesScope)? {
    let id = ObjectIdentifier(type(of: object))
    if let known = known.withLock({ $0[id] }) {
      guard let location = known else { return nil }
      // A custom mirror may list other children for another instance: then a full scan.
      if let property = property(of: object, at: location) { return property }
    }
    let found = scan(object)
    known.withLock { $0[id] = .some(found?.location) }
    return found?.property
  }

  private static func property(of object: Any, at location: Location) -> (any CapturesScope)? {
    var mirror: Mirror? = Mirror(reflecting: object)
    for _ in 0..<location.level { mirror = mirror?.superclassMirror }
    guard let children = mirror?.children, location.index < children.count else { return nil }
    let child = children[children.index(children.startIndex, offsetBy: location.index)]
    return child.value as? any CapturesScope
  }

  private static func scan(_ object: Any) -> (property: any CapturesScope, location: Location)? {
    let mirrors = sequence(first: Mirror(reflecting: object)) { $0.superclassMirror }
    for (level, mirror) in mirrors.enumerated() {
      for (index, child) in mirror.children.enumerated() {
        if let property = child.value as? any CapturesScope { return (property, (level, index)) }
      }
    }
    return nil
  }
}
