import ComposableEnv
import Foundation
import ModelledTree
import TestSupport

/// One soaking thread's state: its own subtree under the shared root, the reference model of that
/// subtree, and its counters. Every operation runs under `lock`, so that the checker thread can
/// sample a node and its model at a moment when the two agree.
final class Worker: @unchecked Sendable {
  // Safe: every stored `var` is only read and written while `lock` is held.
  let index: Int
  private let lock = NSLock()
  private let root: SoakEnvironment
  private var random: SeededGenerator
  /// This worker's subtree: its root is the shared root's cached child for `index`.
  private var tree: ModelledTree<SoakEnvironment>
  /// The model of the shared root, as this subtree sees it.
  private var modelRoot: ModelNode
  private var operations = 0
  private var disagreements: [String] = []

  /// The largest subtree a worker grows before dropping it and starting again.
  static let maximumNodes = 48

  init(index: Int, root: SoakEnvironment, seed: UInt64) {
    self.index = index
    self.root = root
    random = SeededGenerator(seed: seed)
    (modelRoot, tree) = Self.subtree(index, of: root)
  }

  /// Operations done and disagreements seen so far.
  var counts: Counts {
    lock.withLock { Counts(operations: operations, disagreements: disagreements) }
  }

  /// A worker's counters at one moment.
  struct Counts {
    let operations: Int
    let disagreements: [String]
  }

  /// Performs one random operation on this worker's subtree, or one GlobalEnv scope.
  func step() {
    lock.withLock {
      operations += 1
      let node = Int.random(in: 0..<tree.count, using: &random)
      let key = Int.random(in: 0..<ModelKeys.count, using: &random)
      var failure: String?
      switch Int.random(in: 0..<16, using: &random) {
      case 0, 1:
        guard tree.count < Self.maximumNodes else { return restart() }
        tree.deriveCached(from: node, id: Int.random(in: 0..<3, using: &random))
      case 2:
        guard tree.count < Self.maximumNodes else { return restart() }
        tree.makeUncached(from: node)
      case 3, 4: tree.set(node, key: key, to: "w\(index)-\(operations)")
      case 5: tree.alias(node, key: key, to: Int.random(in: 0..<ModelKeys.count, using: &random))
      case 6: failure = tree.removeCached(node, id: Int.random(in: 0..<3, using: &random))
      case 7:
        failure = scopedReadDisagreement(
          setting: key, to: "scope-\(index)-\(operations)",
          reading: Int.random(in: 0..<ModelKeys.count, using: &random))
      case 8 where operations % 8 == 0: tree.renderDiagnostics(node, key: key)
      default:
        let paths = ModelledTree<SoakEnvironment>.ReadPath.allCases
        failure = tree.read(node, key: key, through: paths[operations % paths.count])
      }
      if let failure { disagreements.append("worker \(index): \(failure)") }
    }
  }

  /// Reads a random key at a random node of this subtree from the calling (checker) thread and
  /// compares it with the model.
  func sample(using generator: inout SeededGenerator) {
    lock.withLock {
      let node = Int.random(in: 0..<tree.count, using: &generator)
      if let failure = tree.read(node, key: Int.random(in: 0..<ModelKeys.count, using: &generator))
      {
        disagreements.append("checker, subtree of worker \(index): \(failure)")
      }
    }
  }

  /// Drops this worker's subtree (the root's cached child for `index`, and every uncached child)
  /// and starts a new one.
  private func restart() {
    root.removeDerived(SoakEnvironment.self, id: index)
    // Model nodes hold their parents and their children: break the cycles, or no model is freed.
    modelRoot.removeAllChildren()
    tree.tearDown()
    (modelRoot, tree) = Self.subtree(index, of: root)
  }

  /// A new subtree for worker `index` (the root's cached child for it) and the model of the
  /// shared root as the subtree sees it: the root sets key 0, and only ever rewrites that value.
  private static func subtree(_ index: Int, of root: SoakEnvironment)
    -> (modelRoot: ModelNode, tree: ModelledTree<SoakEnvironment>)
  {
    let modelRoot = ModelNode()
    modelRoot.set(0, Soak.rootValue)
    let tree = ModelledTree(
      model: modelRoot.makeChild(), real: root.derived(SoakEnvironment.self, id: index))
    return (modelRoot, tree)
  }
}
