/// Where in the user's code an alias was declared: the `aliasing(_:to:)` or `alias(_:to:)` call,
/// which misuse of the alias is reported at.
package struct AliasSite: Sendable {
  let fileID: StaticString
  let line: UInt

  /// The call at `fileID`, `line` (the public API's `#fileID` and `#line`).
  ///
  /// ```swift
  /// node.alias(\.feedLogger, to: \.logger, at: AliasSite(fileID: fileID, line: line))
  /// ```
  package init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }
}

/// One `aliasing(dependency, to: reference)` declaration whose keys are known.
struct AliasEdge: Sendable {
  /// The key that becomes an alias.
  let dependency: KeyInfo
  /// The key it is aliased to, whose default the group uses when it is the end of the chain.
  let reference: KeyInfo
  /// The name of the environment type that declared the alias, for diagnostics.
  let declaredIn: String
  /// The call that declared it.
  let site: AliasSite
}

/// One `aliasing(dependency, to: reference)` call on a node, with the key paths it was given:
/// identified (its keys are known), or pending until a key of its value type is read below it
/// (see `PendingAlias`).
enum AliasDeclaration {
  case identified(AliasEdge, paths: AliasPaths)
  case pending(PendingAlias)

  /// The edge, once identified.
  var edge: AliasEdge? { if case .identified(let edge, _) = self { edge } else { nil } }

  /// The alias, while pending.
  var pending: PendingAlias? { if case .pending(let pending) = self { pending } else { nil } }

  /// The key paths of the call, for checks at the call (before the keys are known).
  var paths: AliasPaths {
    switch self {
    case .identified(_, let paths): paths
    case .pending(let pending): pending.paths
    }
  }
}

/// The key paths passed to one `aliasing` call.
///
/// `@unchecked Sendable`: key paths are immutable.
struct AliasPaths: @unchecked Sendable {
  let dependency: AnyKeyPath
  let reference: AnyKeyPath
}

/// An alias whose keys are not known yet: finding them means running the key paths' accessors
/// with a value of their type, and none was at hand without computing a default when `aliasing`
/// was called. The keys are found the first time a key of the same value type is resolved at or
/// below the declaring node, when a sample is at hand or the group's default is needed anyway.
///
/// Immutable; `@unchecked Sendable` because `identify` captures only key paths.
final class PendingAlias: @unchecked Sendable {
  let paths: AliasPaths
  /// The value type of both key paths.
  let valueTypeID: ObjectIdentifier
  let declaredIn: String
  let site: AliasSite
  /// The keys, found at the node; `allowingDefault: false` returns `nil` rather than compute a
  /// default for a sample.
  let identify:
    (_ node: Node, _ allowingDefault: Bool) -> (dependency: KeyInfo, reference: KeyInfo)?

  init(
    paths: AliasPaths, valueTypeID: ObjectIdentifier, declaredIn: String, site: AliasSite,
    identify: @escaping (Node, Bool) -> (dependency: KeyInfo, reference: KeyInfo)?
  ) {
    self.paths = paths
    self.valueTypeID = valueTypeID
    self.declaredIn = declaredIn
    self.site = site
    self.identify = identify
  }
}
