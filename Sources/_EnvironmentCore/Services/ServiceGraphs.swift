import DependencyValues

/// The graphs of services started on each node, from `startServices` until they stop: so that a
/// second start-up of one environment is refused while the first's services run, and so that the
/// dependency tree shows them.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
package enum ServiceGraphs {
  /// `nonisolated(unsafe)`: an immutable reference; the list is only touched under its lock. A
  /// graph holds its node, so a node listed here keeps its identity.
  nonisolated(unsafe) private static let graphs = LockedValue<[ServiceGraph]>.make([])

  /// A new graph for `node`'s services, listed; throws if `node`'s services are already started
  /// (and not stopped). `environment` names the node in the message.
  package static func makeGraph(for node: Node, environment: String) throws -> ServiceGraph {
    let graph = ServiceGraph(node: node)
    let added = graphs.withLock { graphs -> Bool in
      guard !graphs.contains(where: { $0.node.isIdentical(to: node) }) else { return false }
      graphs.append(graph)
      return true
    }
    guard added else {
      throw ServiceMisuseError(
        """
        The services of \(environment) are already started: stop them (`RunningServices.stop()`) \
        before starting them again, or start them once and share the `RunningServices`.
        """)
    }
    return graph
  }

  /// Unlists `graph` (its services stopped, or its start-up failed).
  package static func remove(_ graph: ServiceGraph) {
    graphs.withLock { $0.removeAll { $0 === graph } }
  }

  /// The graph of services started on `node`, if any.
  static func graph(of node: Node) -> ServiceGraph? {
    graphs.withLock { graphs in graphs.first { $0.node.isIdentical(to: node) } }
  }
}
