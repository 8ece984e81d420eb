import ComposableEnv
import GlobalEnv

#if !FUZZING
  import TestSupport  // Scripts/fuzz compiles the model's files into the fuzzer's module
#endif

/// A tree of real environments beside the naive reference model (`ModelNode`), changed in step:
/// what the fuzzer (`Fuzz/EnvironmentFuzzer`) and the soak (`Soak/EnvironmentSoak`) run their
/// operations on. Node numbers index `count` nodes made so far; each read is checked against the
/// model, and a disagreement is returned as a description.
///
/// ```swift
/// var tree = ModelledTree(model: ModelNode(), real: FuzzEnvironment())
/// defer { tree.tearDown() }
/// tree.deriveCached(from: 0, id: 1)
/// tree.set(1, key: 2, to: "v")
/// if let failure = tree.read(1, key: 2) { fatalError(failure) }
/// ```
public struct ModelledTree<Environment: ComposableEnv.ComposableEnvironment> {
  /// Every node made so far, the model's and the real one (an environment may be here more than
  /// once: a cached child derived again).
  private var nodes: [(model: ModelNode, real: Environment)]
  /// The model's node of each cached child, by its parent environment and id.
  private var cached: [ObjectIdentifier: [Int: ModelNode]] = [:]

  /// A tree whose node 0 is `real`, modelled by `model`.
  public init(model: ModelNode, real: Environment) {
    nodes = [(model, real)]
  }

  /// How many nodes there are.
  public var count: Int { nodes.count }

  /// `derived(_:id:)` of node `parent`: the same environment (and model node) until removed.
  public mutating func deriveCached(from parent: Int, id: Int) {
    let (model, real) = nodes[parent]
    let child = real.derived(Environment.self, id: id)
    let modelChild = cached[ObjectIdentifier(real), default: [:]][id] ?? model.makeChild()
    cached[ObjectIdentifier(real), default: [:]][id] = modelChild
    nodes.append((modelChild, child))
  }

  /// `makeChild(_:)` of node `parent`.
  public mutating func makeUncached(from parent: Int) {
    nodes.append((nodes[parent].model.makeChild(), nodes[parent].real.makeChild(Environment.self)))
  }

  /// `with(key, value)` on node `node`.
  public func set(_ node: Int, key: Int, to value: String) {
    nodes[node].model.set(key, value)
    nodes[node].real.with(ModelKeys.keyPaths[key], ModelValue(value))
  }

  /// `aliasing(key, to: reference)` on node `node`, when the model accepts it: cycles and
  /// conflicts stop the program with a message (which exit tests check), so only valid aliases
  /// are declared.
  public func alias(_ node: Int, key: Int, to reference: Int) {
    if nodes[node].model.alias(key, to: reference) {
      nodes[node].real.aliasing(ModelKeys.keyPaths[key], to: ModelKeys.keyPaths[reference])
    }
  }

  /// How a read reaches the value.
  public enum ReadPath: CaseIterable, Sendable {
    /// The key path literal, through the subscript.
    case literal
    /// A key path made at run time (a new object at each read).
    case runTimeKeyPath
    /// A composed client made at the node, which reads the key later from its `Dependencies`.
    case composedClient
  }

  /// Reads `key` at node `node` through `path`; what the read and the model disagree on, if they
  /// do.
  public func read(_ node: Int, key: Int, through path: ReadPath = .literal) -> String? {
    let expected = nodes[node].model.read(key)
    let real = nodes[node].real
    let actual =
      switch path {
      case .literal: real[ModelKeys.keyPaths[key]].name
      case .runTimeKeyPath: real[ModelKeys.runTimeKeyPath(key)].name
      case .composedClient: real[dynamicMember: \.modelReader].name(of: key)
      }
    return actual == expected
      ? nil
      : "key \(key) read \(actual) (\(path)) at node \(node), the model says \(expected ?? "invalid")"
  }

  /// Renders the diagnostics of node `node` (`dependencyTree()`, `provenance(of:)`), which must not
  /// crash or hang whatever other threads do to the tree.
  public func renderDiagnostics(_ node: Int, key: Int) {
    let real = nodes[node].real
    _ = real.dependencyTree()
    _ = real.provenance(of: ModelKeys.keyPaths[key])
  }

  /// `removeDerived(_:id:)` on node `node`; a disagreement on whether a child was cached.
  public mutating func removeCached(_ node: Int, id: Int) -> String? {
    let parent = nodes[node].real
    let wasCached = parent.removeDerived(Environment.self, id: id)
    let modelHad = cached[ObjectIdentifier(parent)]?.removeValue(forKey: id) != nil
    return wasCached == modelHad ? nil : "removeDerived(id: \(id)) returned \(wasCached)"
  }

  /// Frees the model (model nodes hold their parents and their children); the tree is not used
  /// after.
  public func tearDown() {
    for node in nodes { node.model.removeAllChildren() }
  }
}

/// A GlobalEnv `withValues` scope that sets `key` to `value` and reads `other`, with no
/// process-wide value set: a disagreement with what the scope and the defaults say, if any.
public func scopedReadDisagreement(setting key: Int, to value: String, reading other: Int)
  -> String?
{
  let actual = Dependencies.withValues {
    $0[keyPath: ModelKeys.keyPaths[key]] = ModelValue(value)
  } operation: {
    GlobalReader()[ModelKeys.keyPaths[other]].name
  }
  let expected = key == other ? value : ModelKeys.defaultValue(other)
  return actual == expected ? nil : "a GlobalEnv scope read \(actual), expected \(expected)"
}

/// A GlobalEnv reader.
struct GlobalReader: GlobalEnv.GlobalDependenciesAccessing {}
