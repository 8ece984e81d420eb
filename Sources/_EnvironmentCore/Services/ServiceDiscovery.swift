import DependencyValues

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
/// `@DerivedEnvironment` properties derive, to any depth.
///
/// Reads the environments' stored properties through `Mirror` (a class's custom mirror, if it has
/// one, is what is read) and makes derived environments not made yet: user code, run with no lock
/// held. Each environment type is read once, so an environment that derives its own type (a
/// recursive tree of environments) ends the walk.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
package enum ServiceDiscovery {
  /// The service keys `root` and the environments it derives declare, each once, in the order
  /// their properties are declared, depth first.
  package static func keys(declaredBy root: Any) -> [any ServiceKey.Type] {
    assertNoLibraryLockHeld("discovery reads properties and makes derived environments")
    var keys: [any ServiceKey.Type] = []
    var seenKeys: Set<ObjectIdentifier> = []
    var seenTypes: Set<ObjectIdentifier> = []
    var pending: [Any] = [root]
    while let environment = pending.popLast() {
      guard seenTypes.insert(ObjectIdentifier(type(of: environment))).inserted else { continue }
      var derived: [Any] = []
      for property in storedProperties(of: environment) {
        if let dependency = property as? any DeclaredDependency {
          if let key = dependency.declaredServiceKey,
            seenKeys.insert(ObjectIdentifier(key)).inserted
          {
            keys.append(key)
          }
        } else if let declaration = property as? any DeclaredEnvironment,
          let child = declaration.declaredEnvironment(in: environment)
        {
          derived.append(child)
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
