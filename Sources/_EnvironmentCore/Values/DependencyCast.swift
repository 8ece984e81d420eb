import DependencyValues

/// The key paths that `@Dependency(_:as:)` reads, in both modules: a dependency's value cast to
/// the concrete type a test set it to, as swift-dependencies' initializer of that name does.
///
/// ```swift
/// @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock
/// // reads DependencyCast.keyPath(\.continuousClock, as: TestClock<Duration>.self)
/// ```
///
/// A value of another type stops the program with a message that says what to set, as
/// swift-dependencies does: the property could return nothing else.
///
/// Each call makes a key path object (its arguments are the cast's): a property made once per
/// value, as a test's is, caches its reads under that object as any key path's.
package enum DependencyCast {
  /// The value at `keyPath`, cast to `Target`.
  package static func keyPath<Base, Target>(
    _ keyPath: KeyPath<Dependencies, Base>, as target: Target.Type
  ) -> KeyPath<Dependencies, Target> & Sendable {
    \Dependencies.[casting: CastSource(keyPath: keyPath), to: CastTarget<Target>()]
  }

  /// The value of `key`, cast to `Target`.
  package static func keyPath<Key: TestDependencyKey, Target>(
    of key: Key.Type, as target: Target.Type
  ) -> KeyPath<Dependencies, Target> & Sendable {
    \Dependencies.[castingKey: CastKey<Key>(), to: CastTarget<Target>()]
  }

  /// `value` as a `Target`, or a stop that says which dependency to set to one: `dependency`
  /// (`\(ClientKey.self).self`), or the property declared at the read's site.
  static func cast<Target>(_ value: Any, to _: Target.Type, dependency: String? = nil) -> Target {
    if let target = value as? Target { return target }
    let site = ReadTrace.current.site.map {
      " declared at \($0.location.fileID):\($0.location.line)"
    }
    reportMisuse(
      """
      @Dependency(\(dependency ?? "…"), as: \(Target.self).self)\(site ?? "") read a \
      \(type(of: value)), which is not a \(Target.self). Set the dependency to a \(Target.self) \
      where the test sets its dependencies, before the property is read.
      """)
  }
}

/// The key path cast, as a key-path subscript argument (`Hashable`: equal for equal key paths).
///
/// `@unchecked Sendable`: a key path is an immutable object. GlobalEnv's `Sendable` wrapper passes
/// only `Sendable` key paths; ComposableEnv's wrapper, which is not `Sendable`, never sends what
/// it makes.
struct CastSource<Base>: Hashable, @unchecked Sendable {
  let keyPath: KeyPath<Dependencies, Base>
}

/// The key cast, as a key-path subscript argument: equal for one key type.
struct CastKey<Key: TestDependencyKey>: Hashable, Sendable {}

/// The type cast to, as a key-path subscript argument: equal for one type.
struct CastTarget<Target>: Hashable, Sendable {}

extension Dependencies {
  /// The value at `source`'s key path, cast to `Target` (see `DependencyCast`).
  subscript<Base, Target>(casting source: CastSource<Base>, to _: CastTarget<Target>) -> Target {
    DependencyCast.cast(self[keyPath: source.keyPath], to: Target.self)
  }

  /// The value of `Key`, cast to `Target` (see `DependencyCast`).
  subscript<Key: TestDependencyKey, Target>(castingKey _: CastKey<Key>, to _: CastTarget<Target>)
    -> Target
  {
    DependencyCast.cast(
      self[Key.self], to: Target.self, dependency: "\(KeyInfo(Key.self).name).self")
  }
}
