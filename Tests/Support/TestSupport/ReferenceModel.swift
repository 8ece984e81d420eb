/// A deliberately naive model of the resolution rules, for model-based tests: a tree of
/// dictionaries, resolved by walking up on every read and by recomputing alias groups from scratch.
///
/// Rules (README.md, "Behaviour"): the nearest node that set any key of the read key's alias group
/// gives the value, the latest write on that node winning; else the default of the group's
/// reference (the end of its alias chain). Aliases declared on a node apply to it and its
/// descendants, in declaration order from the root down; re-declaring a key's alias to the same
/// group is ignored.
public final class ModelNode {
  public let parent: ModelNode?
  public private(set) var children: [ModelNode] = []
  /// key → (value, write order)
  var values: [Int: (value: String, order: Int)] = [:]
  /// (dependency, reference), in declaration order.
  var aliases: [(dependency: Int, reference: Int)] = []
  private let clock: WriteClock

  public init() {
    parent = nil
    clock = WriteClock()
  }

  private init(parent: ModelNode) {
    self.parent = parent
    clock = parent.clock
  }

  /// Adds a child node.
  public func makeChild() -> ModelNode {
    let child = ModelNode(parent: self)
    children.append(child)
    return child
  }

  public func set(_ key: Int, _ value: String) {
    values[key] = (value, clock.tick())
  }

  public func removeAllValues() { values = [:] }
  public func removeAllChildren() { children = [] }
  /// Removes this node's aliases if every node below stays valid without them (a node below may
  /// have aliased one key to two keys that only these aliases made one group); returns whether it
  /// did.
  public func removeAllAliases() -> Bool {
    let removed = aliases
    aliases = []
    if subtree.allSatisfy({ $0.references() != nil }) { return true }
    aliases = removed
    return false
  }

  /// Declares an alias if it is valid here and in every descendant; returns whether it was added.
  public func alias(_ dependency: Int, to reference: Int) -> Bool {
    aliases.append((dependency, reference))
    if subtree.allSatisfy({ $0.references() != nil }) { return true }
    aliases.removeLast()
    return false
  }

  /// What a read of `key` returns here; `nil` if the aliases in force here are invalid.
  public func read(_ key: Int) -> String? {
    guard let references = references() else { return nil }
    let end = Self.end(of: key, references)
    let group = Set((0..<ModelKeys.count).filter { Self.end(of: $0, references) == end })
    var node: ModelNode? = self
    while let current = node {
      let candidates = current.values.filter { group.contains($0.key) }
      if let latest = candidates.max(by: { $0.value.order < $1.value.order }) {
        return latest.value.value
      }
      node = current.parent
    }
    return ModelKeys.defaultValue(end)
  }

  /// dependency → reference in force here, or `nil` if the aliases here are invalid (a key aliased
  /// to itself, a cycle, or a key aliased into two groups).
  func references() -> [Int: Int]? {
    var chain: [ModelNode] = []
    var node: ModelNode? = self
    while let current = node {
      chain.insert(current, at: 0)
      node = current.parent
    }
    var references: [Int: Int] = [:]
    for (dependency, reference) in chain.flatMap(\.aliases) {
      if dependency == reference { return nil }
      // `references` is acyclic so far, so following it from `reference` ends.
      var current = reference
      while current != dependency, let next = references[current] { current = next }
      if current == dependency { return nil }
      if let existing = references[dependency] {
        if Self.end(of: existing, references) != current { return nil }
      } else {
        references[dependency] = reference
      }
    }
    return references
  }

  private static func end(of key: Int, _ references: [Int: Int]) -> Int {
    var current = key
    while let next = references[current] { current = next }
    return current
  }

  private var subtree: [ModelNode] {
    [self] + children.flatMap(\.subtree)
  }
}

/// Orders writes across a model tree.
private final class WriteClock {
  private var now = 0
  func tick() -> Int {
    now += 1
    return now
  }
}
