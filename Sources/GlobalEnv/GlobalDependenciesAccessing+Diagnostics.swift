import DependencyValues
import _EnvironmentCore

extension GlobalDependenciesAccessing {
  /// Where the value of a dependency, as the current task sees it, comes from: a `withValues`
  /// scope of this task, the process-wide values, through an alias, or the default.
  ///
  /// ```swift
  /// Dependencies.withValues { $0.clock = "test" } operation: {
  ///   print(AppEnvironment().provenance(of: \.clock))
  ///   // DependencyKeys.Clock = "test": set by withValues scope 1 of this task
  /// }
  /// ```
  ///
  /// Nothing is called on the dependency: its value is printed with `String(reflecting:)`.
  public func provenance<Value>(of keyPath: KeyPath<Dependencies, Value>) -> DependencyProvenance {
    GlobalDependencies.current.provenance(of: keyPath, origin: GlobalDependencies.origin)
  }

  /// The process-wide values and aliases, and the `withValues` scopes active in the current task
  /// with what each sets, as indented text or as a Graphviz DOT graph.
  ///
  /// ```swift
  /// print(AppEnvironment().dependencyTree())
  /// // Process-wide dependencies
  /// // │  sets DependencyKeys.API = APIClient(live)
  /// // └─ withValues scope 1
  /// //       sets DependencyKeys.Clock = "test"
  /// ```
  public func dependencyTree(format: DependencyTreeFormat = .text) -> String {
    var dump: DependencyTreeDump?
    for (level, node) in GlobalDependencies.current.lineage.enumerated().reversed() {
      dump = node.dump(
        title: level == 0 ? "Process-wide dependencies" : "withValues scope \(level)",
        children: dump.map { [$0] } ?? [])
    }
    return dump!.rendered(as: format)
  }
}
