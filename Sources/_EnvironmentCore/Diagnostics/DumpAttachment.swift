/// What a layer above the core (a product built on the environment modules) shows on a node of
/// the dependency tree: one line in the text dump, and in the DOT dump a node of its own, linked
/// to the environment, with labelled edges to the attachments of that environment it names.
///
/// ```swift
/// DumpAttachment(name: "Cache", caption: "running", line: "service Cache: running", links: [])
/// ```
package struct DumpAttachment: Sendable {
  /// Its name, unique among the node's attachments (a DOT node's label and identity).
  package let name: String
  /// Its state in a word, under its name in the DOT dump.
  package let caption: String
  /// Its line in the text dump.
  package let line: String
  /// The names of the node's attachments it links to, and what the edges say.
  package let links: [String]
  package let linkLabel: String

  package init(name: String, caption: String, line: String, links: [String], linkLabel: String = "")
  {
    self.name = name
    self.caption = caption
    self.line = line
    self.links = links
    self.linkLabel = linkLabel
  }
}

/// What attaches things to the nodes of a dump: the layer that has them, installed once.
///
/// A protocol, not a closure: a function value stored in a generic container (`LockedValue`) is
/// re-abstracted at each access through it, a thunk around the stored one, and a closure read
/// and written back at each dump grew one thunk deeper each time (a dump after thousands of them
/// overflowed the stack).
package protocol DumpAttachmentSource: AnyObject, Sendable {
  /// What this source attaches to `node`.
  func attachments(of node: Node) -> [DumpAttachment]
}

/// The one source of attachments: installed by the layer that has them, the first time it has
/// one, and asked for each node a dump shows.
///
/// ```swift
/// DumpAttachments.install(ServiceAttachments())
/// ```
package enum DumpAttachments {
  /// `nonisolated(unsafe)`: an immutable reference; the source is only touched under its lock,
  /// and called after it (the source takes its own locks).
  nonisolated(unsafe) private static let source = LockedValue<(any DumpAttachmentSource)?>.make(nil)

  /// Installs `newSource`; a later install replaces it (there is one layer that attaches).
  package static func install(_ newSource: any DumpAttachmentSource) {
    // The replaced source, if any, is released after the lock.
    _ = source.withLock { state -> (any DumpAttachmentSource)? in
      defer { state = newSource }
      return state
    }
  }

  /// What the installed source attaches to `node`: nothing when none is installed.
  static func attachments(of node: Node) -> [DumpAttachment] {
    source.withLock { $0 }?.attachments(of: node) ?? []
  }
}
