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
  ///
  /// In a test, the values the test set process-wide (its test context's, or its own scope's)
  /// appear under "Process-wide dependencies of this test".
  public func dependencyTree(format: DependencyTreeFormat = .text) -> String {
    let lineage = GlobalDependencies.current.lineage
    var level = lineage.count { $0.environmentType == ScopedOverride.self }
    var dump: DependencyTreeDump?
    for (depth, node) in lineage.enumerated().reversed() {
      let isScope = node.environmentType == ScopedOverride.self
      let title =
        depth == 0
        ? "Process-wide dependencies"
        : isScope ? "withValues scope \(level)" : "Process-wide dependencies of this test"
      if isScope { level -= 1 }
      dump = node.dump(title: title, children: dump.map { [$0] } ?? [])
    }
    return dump!.rendered(as: format)
  }
}
