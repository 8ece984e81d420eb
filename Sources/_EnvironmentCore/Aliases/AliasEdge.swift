/// One `aliasing(dependency, to: reference)` declaration, as declared on a node.
struct AliasEdge: Sendable {
  /// The key that becomes an alias.
  let dependency: KeyInfo
  /// The key it is aliased to, whose default the group uses when it is the end of the chain.
  let reference: KeyInfo
  /// The name of the environment type that declared the alias, for diagnostics.
  let declaredIn: String
}
