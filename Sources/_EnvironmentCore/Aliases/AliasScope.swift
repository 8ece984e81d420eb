/// The aliases in force at a node: those declared on it and on its ancestors.
///
/// Immutable. A node that declares no alias shares its parent's scope; a node that declares some
/// gets a new scope built from its parent's, checked for cycles and conflicts on the way.
final class AliasScope: Sendable {
  /// The scope of a tree where nothing is aliased.
  static let empty = AliasScope(references: [:])

  /// For each aliased key, the declaration that gives its reference.
  private let references: [ObjectIdentifier: AliasEdge]
  /// For each aliased key (reference keys included), its group.
  private let groups: [ObjectIdentifier: AliasGroup]

  private init(references: [ObjectIdentifier: AliasEdge]) {
    self.references = references
    var membersByEnd: [ObjectIdentifier: [KeyInfo]] = [:]
    var ends: [ObjectIdentifier: KeyInfo] = [:]
    let keys = references.values.flatMap { [$0.dependency, $0.reference] }
    for key in keys where ends[key.id] == nil {
      let end = Self.end(of: key, in: references)
      ends[key.id] = end
      membersByEnd[end.id, default: []].append(key)
    }
    var groups: [ObjectIdentifier: AliasGroup] = [:]
    for members in membersByEnd.values {
      let group = AliasGroup(members: members, reference: ends[members[0].id] ?? members[0])
      for member in members { groups[member.id] = group }
    }
    self.groups = groups
  }

  /// The group of `key` in this scope, or `nil` when `key` is not aliased.
  func group(of key: KeyInfo) -> AliasGroup? { groups.isEmpty ? nil : groups[key.id] }

  /// This scope with `edges` (declared in that order on one node) added.
  ///
  /// Reports aliasing a key to itself, alias cycles, aliasing keys of different value types, and a
  /// key aliased to two different groups, naming the keys and where they were declared.
  func adding(_ edges: [AliasEdge]) -> AliasScope {
    var references = self.references
    for edge in edges {
      Self.validate(edge, against: references)
      if references[edge.dependency.id] == nil { references[edge.dependency.id] = edge }
    }
    return AliasScope(references: references)
  }

  /// The key at the end of `key`'s alias chain.
  private static func end(of key: KeyInfo, in references: [ObjectIdentifier: AliasEdge]) -> KeyInfo
  {
    var current = key
    while let next = references[current.id]?.reference { current = next }
    return current
  }

  private static func validate(_ edge: AliasEdge, against references: [ObjectIdentifier: AliasEdge])
  {
    let dependency = edge.dependency
    let reference = edge.reference
    if dependency.id == reference.id {
      reportMisuse(
        """
        \(dependency.name) is aliased to itself (declared in \(edge.declaredIn)). \
        An alias joins two different keys; remove this alias.
        """,
        file: edge.site.fileID, line: edge.site.line)
    }
    if dependency.valueTypeID != reference.valueTypeID {
      reportMisuse(
        """
        cannot alias \(dependency.name) (of type \(dependency.valueTypeName)) to \
        \(reference.name) (of type \(reference.valueTypeName)), declared in \(edge.declaredIn): \
        aliased keys must store the same type.
        """,
        file: edge.site.fileID, line: edge.site.line)
    }
    // Existing references are acyclic (each was validated when added), so this walk ends.
    var chain = [reference]
    while chain[chain.count - 1].id != dependency.id,
      let next = references[chain[chain.count - 1].id]
    {
      chain.append(next.reference)
    }
    if chain[chain.count - 1].id == dependency.id {
      let cycle = ([dependency] + chain).map(\.name).joined(separator: " → ")
      reportMisuse(
        """
        alias cycle: \(cycle) (the last alias was declared in \(edge.declaredIn)). \
        Aliases must form a chain that ends in one reference key, whose default the group uses; \
        remove one of these aliases (`aliasing(_:to:)` on an environment, `alias(_:to:)` in \
        `@DerivedEnvironment(aliases:)`).
        """,
        file: edge.site.fileID, line: edge.site.line)
    }
    if let existing = references[dependency.id] {
      let existingEnd = end(of: existing.reference, in: references)
      if existingEnd.id != chain[chain.count - 1].id {
        reportMisuse(
          """
          conflicting aliases for \(dependency.name): it is aliased to \
          \(existing.reference.name) (declared in \(existing.declaredIn)) and to \
          \(reference.name) (declared in \(edge.declaredIn)). A key belongs to one alias group; \
          to join the two groups, alias \(existingEnd.name) to \(reference.name) instead.
          """,
          file: edge.site.fileID, line: edge.site.line)
      }
    }
  }
}
