/// Keys that are one dependency in some subtree: setting any sets all, and the default is the
/// reference key's.
final class AliasGroup: Sendable {
  /// Every key of the group, the reference included.
  let members: [KeyInfo]
  /// The key at the end of the alias chain: the one whose default the group uses.
  let reference: KeyInfo

  init(members: [KeyInfo], reference: KeyInfo) {
    self.members = members
    self.reference = reference
  }
}
