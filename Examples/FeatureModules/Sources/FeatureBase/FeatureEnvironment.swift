// What every feature's environment inherits from, in the environment module this variant is built
// against: the one place where the two variants differ.
#if GLOBAL_ENV
  @_exported import GlobalEnv

  /// The base of the features' environments: in GlobalEnv, a class whose dependencies are
  /// process-wide. `nonisolated`, as `ComposableEnvironment` is: in this main-actor-default
  /// module it would otherwise be main-actor isolated, and its environments could not be read
  /// off the main actor (a GCD callback, a detached task).
  nonisolated open class FeatureEnvironment: GlobalEnvironment {
    public required init() {}
  }
#else
  @_exported import ComposableEnv

  /// The base of the features' environments: in ComposableEnv, a node of the environment tree.
  public typealias FeatureEnvironment = ComposableEnvironment
#endif
