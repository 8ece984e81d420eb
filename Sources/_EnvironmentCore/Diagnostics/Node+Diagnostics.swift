import DependencyValues

/// What both environment modules' diagnostics assemble from a node: a provenance and a tree dump.
/// Each module only names the origins and titles in its own terms.
extension Node {
  /// Where the value of `keyPath` at this node comes from; `origin` names the node that set it
  /// (`nil`: the default) in the caller's terms.
  package func provenance<Value>(
    of keyPath: KeyPath<Dependencies, Value>,
    origin: (_ setter: Node?) -> DependencyProvenance.Origin
  ) -> DependencyProvenance {
    provenance(of: KeyProbe(node: self).key(readBy: keyPath), origin: origin)
  }

  /// Where the value of `key` at this node comes from; `origin` names the node that set it
  /// (`nil`: the default) in the caller's terms.
  package func provenance(
    of key: KeyInfo, origin: (_ setter: Node?) -> DependencyProvenance.Origin
  ) -> DependencyProvenance {
    let found = self.origin(of: key)
    return DependencyProvenance(
      key: key.name, valueKey: found.valueKey.name, value: found.value, origin: origin(found.node))
  }

  /// This node as a tree dump: its values and aliases under `title`, with `children`.
  package func dump(title: String, children: [DependencyTreeDump]) -> DependencyTreeDump {
    DependencyTreeDump(
      title: title, values: values, aliases: aliases, children: children,
      attachments: DumpAttachments.attachments(of: self))
  }
}
