import DependencyValues
import _EnvironmentCore

/// The graphs of services started on each node, at most one per node: a running graph, from
/// `startServices` until its services stopped, so that a second start-up of one environment is
/// refused meanwhile; then, over (stopped, or its start-up failed), kept for the dependency tree,
/// which shows its services stopped or failed, until its handle (`RunningServices`) is released
/// or a new start-up of the node replaces it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
package enum ServiceGraphs {
  /// The graphs listed, each with whether its services are over (the graph's own state is under
  /// its own lock, which is not taken under this one: both are leaves).
  ///
  /// `nonisolated(unsafe)`: an immutable reference; the list is only touched under its lock. A
  /// graph holds its node, so a node listed here keeps its identity.
  nonisolated(unsafe) private static let graphs = LockedValue<
    [(graph: ServiceGraph, isOver: Bool)]
  >.make([])

  /// A new graph for `node`'s services, listed in place of an over one; throws if `node`'s
  /// services are already started (and not stopped). `environment` names the node in the
  /// message.
  package static func makeGraph(for node: Node, environment: String) throws -> ServiceGraph {
    _ = showsInTheTree
    let graph = ServiceGraph(node: node)
    // The over graph replaced is handed out of the lock, to be released after it.
    let (added, _) = graphs.withLock { graphs -> (Bool, ServiceGraph?) in
      let index = graphs.firstIndex { $0.graph.node.isIdentical(to: node) }
      if let index, !graphs[index].isOver { return (false, nil) }
      let replaced = index.map { graphs.remove(at: $0).graph }
      graphs.append((graph, false))
      return (true, replaced)
    }
    guard added else {
      throw ServiceMisuseError(
        description: """
          The services of \(environment) are already started: stop them (`RunningServices.stop()`) \
          before starting them again, or start them once and share the `RunningServices`.
          """)
    }
    return graph
  }

  /// Records that `graph`'s services are over: stopped, or its start-up failed (after stopping
  /// what started). It stays listed while its handle lives.
  package static func markOver(_ graph: ServiceGraph) {
    graphs.withLock { graphs in
      if let index = graphs.firstIndex(where: { $0.graph === graph }) {
        graphs[index].isOver = true
      }
    }
  }

  /// Unlists `graph` if it is over: its handle was released. A running graph stays listed: its
  /// services run on its node, and a second start-up is refused.
  package static func handleReleased(_ graph: ServiceGraph) {
    // The entry removed is handed out of the lock, to be released after it.
    _ = graphs.withLock { graphs -> ServiceGraph? in
      let index = graphs.firstIndex { $0.graph === graph && $0.isOver }
      return index.map { graphs.remove(at: $0).graph }
    }
  }

  /// Makes the dependency tree show each node's services, once, before the first graph is listed.
  private static let showsInTheTree: Void = DumpAttachments.install(ServicesInTheTree())

  /// Shows the services started on a node (running or over) in its dependency tree.
  private final class ServicesInTheTree: DumpAttachmentSource {
    func attachments(of node: Node) -> [DumpAttachment] {
      let graph = graphs.withLock { graphs in
        graphs.first { $0.graph.node.isIdentical(to: node) }?.graph
      }
      return graph?.attachments ?? []
    }
  }
}
