import DependencyValues
import _EnvironmentCore

/// A property wrapper that declares a dependency: `@Dependency` in either module.
package protocol DeclaredDependency {
  /// The key the property reads, when it names a service's key type (`@Dependency(Database.self)`).
  /// A key path's getter is not run to find its key: for a service that is not running, the
  /// getter would read it, which stops the program.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  var declaredServiceKey: (any ServiceKey.Type)? { get }
}

/// A property wrapper that declares a derived environment: `@DerivedEnvironment` in either module.
package protocol DeclaredEnvironment {
  /// The type of the environment the property derives, known without making it.
  var declaredEnvironmentType: Any.Type { get }

  /// The environment the property derives from `parent` (made now if it was not yet, as a first
  /// read of the property would), or `nil` if `parent` is not the kind of environment it derives
  /// from.
  func declaredEnvironment(in parent: Any) -> Any?
}

extension DependencySource {
  /// The service key of a `@Dependency(Key.self)` that names one (see `DeclaredDependency`).
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  package var serviceKey: (any ServiceKey.Type)? {
    guard case .key(let key) = self else { return nil }
    return key.type as? any ServiceKey.Type
  }
}

/// Finds the services an environment declares, for `startServices()` with no keys: the service
/// keys of its `@Dependency(Key.self)` properties, and of the environments its
/// `@DerivedEnvironment` properties derive, to a depth of `maximumDepth`.
///
/// Reads the environments' stored properties through `Mirror` (a class's custom mirror, if it has
/// one, is what is read) and makes the derived environments not made yet: user code, run by the
/// caller with no lock held. Each environment type is read once, and its type is checked before
/// it is made, so an environment that derives its own type (a recursive tree of environments)
/// ends the walk without making another; a generic one that derives a new type at each level
/// (`Level<Level<T>>`) ends at `maximumDepth`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
package enum ServiceDiscovery {
  /// How many derived environments deep the walk goes.
  package static let maximumDepth = 32

  /// The service keys `root` and the environments it derives declare, each once, in the order
  /// their properties are declared, depth first. A key that a derived environment declares is
  /// left out when `isSetBelowTheRoot` says that environment (or one between it and the root) sets
  /// it: that environment reads its own value, so starting the service would serve nobody.
  package static func keys(
    declaredBy root: Any,
    isSetBelowTheRoot: (_ environment: Any, _ key: any ServiceKey.Type) -> Bool = { _, _ in false }
  ) -> [any ServiceKey.Type] {
    assertNoLibraryLockHeld("discovery reads properties and makes derived environments")
    var keys: [any ServiceKey.Type] = []
    var seenKeys: Set<ObjectIdentifier> = []
    var seenTypes: Set<ObjectIdentifier> = [ObjectIdentifier(type(of: root))]
    var pending: [(environment: Any, depth: Int)] = [(root, 0)]
    while let (environment, depth) = pending.popLast() {
      var derived: [(environment: Any, depth: Int)] = []
      for property in storedProperties(of: environment) {
        if let dependency = property as? any DeclaredDependency {
          guard let key = dependency.declaredServiceKey,
            depth == 0 || !isSetBelowTheRoot(environment, key),
            seenKeys.insert(ObjectIdentifier(key)).inserted
          else { continue }
          keys.append(key)
        } else if let declaration = property as? any DeclaredEnvironment, depth < maximumDepth,
          seenTypes.insert(ObjectIdentifier(declaration.declaredEnvironmentType)).inserted,
          let child = declaration.declaredEnvironment(in: environment)
        {
          derived.append((child, depth + 1))
        }
      }
      // Depth first, in declaration order.
      pending.append(contentsOf: derived.reversed())
    }
    return keys
  }

  /// The values of `environment`'s stored properties, its superclasses' included (a property
  /// wrapper's storage, `_database`, is the wrapper itself).
  private static func storedProperties(of environment: Any) -> [Any] {
    var values: [Any] = []
    var mirror: Mirror? = Mirror(reflecting: environment)
    while let current = mirror {
      values.append(contentsOf: current.children.map(\.value))
      mirror = current.superclassMirror
    }
    return values
  }
}
