import ComposableEnv
import TestSupport
import Testing

/// A tree node for model-based tests.
final class ModelEnvironment: ComposableEnvironment {}

/// Random operation sequences run against `ComposableEnv` and the naive `ModelNode`: every read
/// must agree. A failure prints its seed; rerun it with `MODEL_SEED=<seed> swift test --filter ModelTests`.
@Suite("Model-based random testing")
struct ModelTests {
  static let operationsPerSeed = 1_000

  @Test(arguments: SeededGenerator.seeds(count: 12))
  func randomOperationsMatchTheModel(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var model = ModelNode()
    var real = ModelEnvironment()
    var nodes: [(model: ModelNode, real: ModelEnvironment)] = [(model, real)]
    var reads = 0
    for step in 0..<Self.operationsPerSeed {
      let index = Int.random(in: 0..<nodes.count, using: &random)
      let (modelNode, realNode) = nodes[index]
      let key = Int.random(in: 0..<ModelKeys.count, using: &random)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<15:
        let childID = nodes.count
        nodes.append((modelNode.makeChild(), realNode.derived(ModelEnvironment.self, id: childID)))
      case 15..<40:
        let value = "v\(step)"
        modelNode.set(key, value)
        realNode.with(ModelKeys.keyPaths[key], ModelValue(value))
      case 40..<48:
        let reference = Int.random(in: 0..<ModelKeys.count, using: &random)
        if modelNode.alias(key, to: reference) {
          realNode.aliasing(ModelKeys.keyPaths[key], to: ModelKeys.keyPaths[reference])
        }
      case 48..<49:
        model = ModelNode()
        real = ModelEnvironment()
        nodes = [(model, real)]
      default:
        reads += 1
        guard let expected = modelNode.read(key) else {
          Issue.record("seed \(seed), step \(step): the model's own aliases became invalid")
          return
        }
        let actual = realNode[ModelKeys.keyPaths[key]].name
        guard actual == expected else {
          Issue.record(
            "seed \(seed), step \(step): read of key \(key) gave \(actual), model says \(expected)")
          return
        }
      }
    }
    #expect(reads > Self.operationsPerSeed / 3, "seed \(seed)")
  }
}
