import ComposableEnv

#if !FUZZING
  import ModelledTree  // Scripts/fuzz compiles the tree's and the model's files into this module
  import TestSupport
#endif

/// A node of the fuzzed tree.
final class FuzzEnvironment: ComposableEnv.ComposableEnvironment {}

/// Runs `operations` against the library and the naive reference model (`ModelNode`); returns a
/// description of the first disagreement, if any.
func run(_ operations: [Operation]) -> String? {
  var tree = ModelledTree(model: ModelNode(), real: FuzzEnvironment())
  defer { tree.tearDown() }
  var step = 0
  for operation in operations {
    step += 1
    var failure: String?
    switch operation {
    case .deriveCached(let node, let id): tree.deriveCached(from: node % tree.count, id: id)
    case .makeUncached(let node): tree.makeUncached(from: node % tree.count)
    case .set(let node, let key): tree.set(node % tree.count, key: key, to: "v\(step)")
    case .alias(let node, let key, let reference):
      tree.alias(node % tree.count, key: key, to: reference)
    case .read(let node, let key):
      // Every read path in turn, decided by the input: literal, run-time key path, composed client.
      let paths = ModelledTree<FuzzEnvironment>.ReadPath.allCases
      failure = tree.read(
        node % tree.count, key: key, through: paths[(node + key + step) % paths.count])
    case .removeCached(let node, let id): failure = tree.removeCached(node % tree.count, id: id)
    case .scopedOverride(let key, let other):
      // The process-wide values are never set here: a scope alone decides, over the defaults.
      failure = scopedReadDisagreement(setting: key, to: "scoped", reading: other)
    case .restart:
      tree.tearDown()
      tree = ModelledTree(model: ModelNode(), real: FuzzEnvironment())
    }
    if let failure { return "step \(step) (\(operation)): \(failure)" }
  }
  return nil
}

/// Runs the operations `bytes` decode to; stops the program, printing them, at a disagreement.
func check(_ bytes: [UInt8]) {
  let operations = Operation.decode(bytes, keys: ModelKeys.count)
  // The tree is released when `run` returns: every value written must be released with it.
  let failure =
    run(operations)
    ?? (ModelValue.written.count == 0
      ? nil : "\(ModelValue.written.count) written values outlived the tree that held them")
  guard let failure else { return }
  let steps = operations.enumerated().map { "  \($0.offset + 1). \($0.element)" }
  fatalError("EnvironmentFuzzer: \(failure)\nOperations:\n\(steps.joined(separator: "\n"))")
}
