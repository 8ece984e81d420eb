import DependencyValues

/// An environment tree as diagnostics print it: each environment's title, the values it sets,
/// the aliases it declares and its children.
package struct DependencyTreeDump {
  package let title: String
  package let values: [(key: String, value: String)]
  package let aliases: [(dependency: String, reference: String)]
  package let children: [DependencyTreeDump]
  /// What a layer above the core shows on the node (see `DumpAttachment`).
  let attachments: [DumpAttachment]

  /// The tree in `format`.
  package func rendered(as format: DependencyTreeFormat) -> String {
    switch format {
    case .text: textLines(prefix: "", childPrefix: "").joined(separator: "\n")
    case .dot: dot()
    }
  }

  private var details: [String] {
    values.map { "sets \($0.key) = \($0.value)" }
      + aliases.map { "aliases \($0.dependency) → \($0.reference)" }
      + attachments.map(\.line)
  }

  private func textLines(prefix: String, childPrefix: String) -> [String] {
    var lines = [prefix + title]
    let rail = children.isEmpty ? "   " : "│  "
    lines += details.map { childPrefix + rail + $0 }
    for (index, child) in children.enumerated() {
      let last = index == children.count - 1
      lines += child.textLines(
        prefix: childPrefix + (last ? "└─ " : "├─ "),
        childPrefix: childPrefix + (last ? "   " : "│  "))
    }
    return lines
  }

  private func dot() -> String {
    var lines = [
      "digraph Dependencies {",
      "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
    ]
    var next = 0
    func add(_ node: DependencyTreeDump) -> String {
      let name = "n\(next)"
      next += 1
      let label = ([node.title] + node.details).map(Self.escape).joined(separator: "\\l") + "\\l"
      let highlight = node.values.isEmpty ? "" : ", style=\"rounded,filled\", fillcolor=\"#fff1b8\""
      lines.append("  \(name) [label=\"\(label)\"\(highlight)];")
      for child in node.children {
        lines.append("  \(name) -> \(add(child));")
      }
      // Each attachment a node of its own, linked to the environment it is attached to, with an
      // edge to each attachment of that environment it links to.
      for attachment in node.attachments {
        let id = "\(name)_\(Self.escape(attachment.name))"
        lines.append(
          "  \"\(id)\" [label=\"\(Self.escape(attachment.name))\\n\(Self.escape(attachment.caption))\", shape=ellipse];"
        )
        lines.append("  \(name) -> \"\(id)\" [style=dotted];")
        for link in attachment.links {
          lines.append(
            "  \"\(id)\" -> \"\(name)_\(Self.escape(link))\" [label=\"\(Self.escape(attachment.linkLabel))\"];"
          )
        }
      }
      return name
    }
    _ = add(self)
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// Escapes a label line for a double-quoted DOT string.
  private static func escape(_ text: String) -> String {
    text.reduce(into: "") { escaped, character in
      switch character {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
  }
}
