import ComposableEnv
import GlobalEnv

#if !FUZZING
  import TestSupport  // Scripts/fuzz compiles the model's files into this module
#endif

/// A node of the fuzzed tree.
final class FuzzEnvironment: ComposableEnv.ComposableEnvironment {}

/// A GlobalEnv reader.
struct GlobalReader: GlobalEnv.GlobalDependenciesAccessing {}

/// Runs `operations` against the library and the naive reference model (`ModelNode`); returns a
/// description of the first disagreement, if any.
func run(_ operations: [Operation]) -> String? {
  var model = ModelNode()
  var nodes: [(model: ModelNode, real: FuzzEnvironment)] = [(model, FuzzEnvironment())]
  // The model's node of each cached child, by its parent environment and id (an environment may
  // be in `nodes` more than once).
  var cached: [ObjectIdentifier: [Int: ModelNode]] = [:]
  // Model nodes hold their parents and their children: every model node is in `nodes`, so
  // dropping each one's children frees the model when the run (or a restart) drops it.
  defer { for node in nodes { node.model.removeAllChildren() } }
  var step = 0
  for operation in operations {
    step += 1
    switch operation {
    case .deriveCached(let node, let id):
      let parent = nodes[node % nodes.count]
      let child = parent.real.derived(FuzzEnvironment.self, id: id)
      // A cached child is the same environment until removed: the model's node for it too.
      let modelChild =
        cached[ObjectIdentifier(parent.real), default: [:]][id] ?? parent.model.makeChild()
      cached[ObjectIdentifier(parent.real), default: [:]][id] = modelChild
      nodes.append((modelChild, child))
    case .makeUncached(let node):
      let parent = nodes[node % nodes.count]
      nodes.append((parent.model.makeChild(), parent.real.makeChild(FuzzEnvironment.self)))
    case .set(let node, let key):
      let target = nodes[node % nodes.count]
      target.model.set(key, "v\(step)")
      target.real.with(ModelKeys.keyPaths[key], "v\(step)")
    case .alias(let node, let key, let reference):
      let target = nodes[node % nodes.count]
      // Cycles and conflicts stop the program with a message (tested by exit tests): only what
      // the model accepts is declared.
      if target.model.alias(key, to: reference) {
        target.real.aliasing(ModelKeys.keyPaths[key], to: ModelKeys.keyPaths[reference])
      }
    case .read(let node, let key):
      let target = nodes[node % nodes.count]
      let expected = target.model.read(key)
      let actual = target.real[ModelKeys.keyPaths[key]]
      if actual != expected {
        return
          "step \(step) (\(operation)): read \(actual), the model says \(expected ?? "invalid")"
      }
    case .removeCached(let node, let id):
      let parent = nodes[node % nodes.count].real
      let wasCached = parent.removeDerived(FuzzEnvironment.self, id: id)
      if wasCached != (cached[ObjectIdentifier(parent)]?.removeValue(forKey: id) != nil) {
        return "step \(step) (\(operation)): removeDerived returned \(wasCached)"
      }
    case .scopedOverride(let key, let other):
      // The process-wide values are never set here: a scope alone decides, over the defaults.
      let actual = Dependencies.withValues {
        $0[keyPath: ModelKeys.keyPaths[key]] = "scoped"
      } operation: {
        GlobalReader()[ModelKeys.keyPaths[other]]
      }
      let expected = key == other ? "scoped" : ModelKeys.defaultValue(other)
      if actual != expected {
        return "step \(step) (\(operation)): read \(actual), expected \(expected)"
      }
    case .restart:
      for node in nodes { node.model.removeAllChildren() }
      model = ModelNode()
      nodes = [(model, FuzzEnvironment())]
      cached = [:]
    }
  }
  return nil
}

/// Runs the operations `bytes` decode to; stops the program, printing them, at a disagreement.
func check(_ bytes: [UInt8]) {
  let operations = Operation.decode(bytes, keys: ModelKeys.count)
  guard let failure = run(operations) else { return }
  let steps = operations.enumerated().map { "  \($0.offset + 1). \($0.element)" }
  fatalError("EnvironmentFuzzer: \(failure)\nOperations:\n\(steps.joined(separator: "\n"))")
}
