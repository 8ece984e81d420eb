import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

struct ModelEnvironment: GlobalEnvironment {}

extension ProcessWideState {
  /// Random operation sequences — process-wide writes, nested `withValues` scopes, aliasing,
  /// `reset()`, `clearAliases()` — run against `GlobalEnv` and the naive `ModelNode` (the root
  /// standing for the process-wide values, each scope a child): every read must agree. A failure
  /// prints its seed; rerun it with `MODEL_SEED=<seed> swift test --filter GlobalModelTests`.
  @Suite("Model-based random testing")
  struct GlobalModelTests {
    static let operationsPerSeed = 1_000

    /// Each case in a context of its own: the cases run in parallel and write process-wide.
    @Test(.dependencyTestContext, arguments: SeededGenerator.seeds(count: 10))
    func randomOperationsMatchTheModel(seed: UInt64) {
      Dependencies.reset()
      Dependencies.clearAliases()
      defer { Dependencies.clearAliases() }
      var random = SeededGenerator(seed: seed)
      var step = 0
      let root = ModelNode()
      if let failure = Self.run(root: root, node: root, depth: 0, random: &random, step: &step) {
        Issue.record("seed \(seed), \(failure)")
      }
    }

    /// Runs operations until the budget is spent or the scope `node` stands for ends; returns the
    /// first disagreement.
    private static func run(
      root: ModelNode, node: ModelNode, depth: Int, random: inout SeededGenerator, step: inout Int
    ) -> String? {
      let environment = ModelEnvironment()
      while step < operationsPerSeed {
        step += 1
        let key = Int.random(in: 0..<ModelKeys.count, using: &random)
        let value = "v\(step)"
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<20:
          node.set(key, value)
          environment.with(ModelKeys.keyPaths[key], ModelValue(value))
        case 20..<28 where depth < 4:
          let scope = node.makeChild()
          scope.set(key, value)
          let failure = Dependencies.withValues {
            $0[keyPath: ModelKeys.keyPaths[key]] = ModelValue(value)
          } operation: {
            run(root: root, node: scope, depth: depth + 1, random: &random, step: &step)
          }
          node.removeAllChildren()
          if let failure { return failure }
        case 28..<34 where depth > 0:
          return nil
        case 34..<40:
          let reference = Int.random(in: 0..<ModelKeys.count, using: &random)
          if node.alias(key, to: reference) {
            environment.aliasing(ModelKeys.keyPaths[key], to: ModelKeys.keyPaths[reference])
          }
        case 40..<42:
          root.removeAllValues()
          Dependencies.reset()
        case 42..<43:
          if root.removeAllAliases() { Dependencies.clearAliases() }
        default:
          guard let expected = node.read(key) else {
            return "step \(step): the model's own aliases became invalid"
          }
          let actual = environment[ModelKeys.keyPaths[key]].name
          if actual != expected {
            return "step \(step): read of key \(key) gave \(actual), model says \(expected)"
          }
        }
      }
      return nil
    }
  }
}
