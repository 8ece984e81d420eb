import _EnvironmentCore

extension GlobalDependencies {
  /// The objects `withDependencies` operations returned, each with the scope it ran in: where
  /// `withDependencies(from: object)` finds the values of an object that has no `@Dependency`
  /// property, as swift-dependencies does.
  ///
  /// ```swift
  /// let parent = withDependencies { $0.date.now = noon } operation: { Parent() }
  /// withDependencies(from: parent) { Child() }  // reads noon, though Parent has no @Dependency
  /// ```
  ///
  /// An entry holds its object weakly and its scope strongly: the scope (and the values set in
  /// it) outlives the object until a later call here prunes the entry.
  enum MadeObjects {
    /// One object and the scope it was returned from.
    private struct Entry: @unchecked Sendable {
      // Unchecked: the runtime loads and clears a weak reference atomically.
      weak var object: AnyObject?
      let scope: Scope
    }

    /// The entries by the object's identity, and the count at which ended ones are pruned next
    /// (twice the count left by the last prune, so that pruning is amortized O(1) a call).
    private struct State {
      var entries: [ObjectIdentifier: Entry] = [:]
      var pruneAt = 16
    }

    /// A leaf lock: the scopes taken out are released after it. Unsafe for the compiler only:
    /// the lock guards every access.
    nonisolated(unsafe) private static let state = LockedValue<State>.make(State())

    /// Remembers that `result`, when its type is a class, was returned from an operation run in
    /// `scope`.
    ///
    /// An object of a class that declares `@Dependency` properties carries the scope they
    /// captured itself, which `withDependencies(from:)` reads first: it is not remembered, so that
    /// no entry keeps its scope past it. The scope of one that is remembered drops its cached
    /// reads, which may hold the object itself (a value read in the scope and returned): the
    /// entry, which holds the scope, then never keeps its own object alive.
    static func remember<Result>(_ result: Result, madeIn scope: Scope) {
      guard Result.self is AnyClass else { return }
      let object = result as AnyObject
      guard FirstDependencyProperty.of(object) == nil else { return }
      scope.node.dropCachedReads()
      let entry = Entry(object: object, scope: scope)
      // The scopes taken out are released when the returned ones are, after the lock: a scope
      // released last releases its values, whose deinits are user code. Once there are `pruneAt`
      // entries, those whose object has ended are taken out.
      _ = state.withLock { state -> (Entry?, [ObjectIdentifier: Entry]) in
        let replaced = state.entries.updateValue(entry, forKey: ObjectIdentifier(object))
        guard state.entries.count >= state.pruneAt else { return (replaced, [:]) }
        let ended = state.entries.filter { $0.value.object == nil }
        for id in ended.keys { state.entries[id] = nil }
        state.pruneAt = max(16, 2 * state.entries.count)
        return (replaced, ended)
      }
    }

    /// The scope `object` was returned from, if an operation returned it and it lives.
    static func scope(of object: Any) -> Scope? {
      guard type(of: object) is AnyClass else { return nil }
      let instance = object as AnyObject
      return state.withLock { state in
        guard let entry = state.entries[ObjectIdentifier(instance)], entry.object === instance
        else { return nil }
        return entry.scope
      }
    }
  }
}

extension GlobalDependencies {
  /// Runs `operation` in `scope`, and remembers the object it returns, if it returns one (see
  /// `MadeObjects`): how `withDependencies` runs its operation.
  static func run<Result>(
    _ operation: () throws -> Result, rememberingObjectsIn scope: Scope
  ) rethrows -> Result {
    let result = try Scope.$current.withValue(scope, operation: operation)
    MadeObjects.remember(result, madeIn: scope)
    return result
  }

  /// The asynchronous form of `run(_:rememberingObjectsIn:)`.
  static func run<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result, rememberingObjectsIn scope: Scope
  ) async rethrows -> Result {
    let result = try await Scope.$current.withValue(scope, operation: operation)
    MadeObjects.remember(result, madeIn: scope)
    return result
  }
}
