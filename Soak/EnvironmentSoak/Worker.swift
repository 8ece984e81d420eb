import ComposableEnv
import Foundation
import GlobalEnv
import TestSupport

/// A GlobalEnv reader.
struct GlobalReader: GlobalEnv.GlobalDependenciesAccessing {}

/// One soaking thread's state: its own subtree under the shared root, the reference model of that
/// subtree, and its counters. Every operation runs under `lock`, so that the checker thread can
/// sample a node and its model at a moment when the two agree.
final class Worker: @unchecked Sendable {
  // Safe: every stored `var` is only read and written while `lock` is held.
  let index: Int
  private let lock = NSLock()
  private let root: SoakEnvironment
  private var random: SeededGenerator
  private var nodes: [(model: ModelNode, real: SoakEnvironment)] = []
  /// The model of the shared root, as this subtree sees it.
  private var modelRoot = ModelNode()
  /// The model's node of each cached child, by its parent environment and id.
  private var cached: [ObjectIdentifier: [Int: ModelNode]] = [:]
  private var operations = 0
  private var disagreements: [String] = []

  /// The largest subtree a worker grows before dropping it and starting again.
  static let maximumNodes = 48

  init(index: Int, root: SoakEnvironment, seed: UInt64) {
    self.index = index
    self.root = root
    random = SeededGenerator(seed: seed)
    lock.withLock { restart() }
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
      let target = nodes[Int.random(in: 0..<nodes.count, using: &random)]
      let key = Int.random(in: 0..<ModelKeys.count, using: &random)
      switch Int.random(in: 0..<16, using: &random) {
      case 0, 1:
        guard nodes.count < Self.maximumNodes else { return restart() }
        let id = Int.random(in: 0..<3, using: &random)
        let child = target.real.derived(SoakEnvironment.self, id: id)
        let model =
          cached[ObjectIdentifier(target.real), default: [:]][id] ?? target.model.makeChild()
        cached[ObjectIdentifier(target.real), default: [:]][id] = model
        nodes.append((model, child))
      case 2:
        guard nodes.count < Self.maximumNodes else { return restart() }
        nodes.append((target.model.makeChild(), target.real.makeChild(SoakEnvironment.self)))
      case 3, 4:
        let value = "w\(index)-\(operations)"
        target.model.set(key, value)
        target.real.with(ModelKeys.keyPaths[key], value)
      case 5:
        let reference = Int.random(in: 0..<ModelKeys.count, using: &random)
        if target.model.alias(key, to: reference) {
          target.real.aliasing(ModelKeys.keyPaths[key], to: ModelKeys.keyPaths[reference])
        }
      case 6:
        let id = Int.random(in: 0..<3, using: &random)
        let wasCached = target.real.removeDerived(SoakEnvironment.self, id: id)
        let modelHad = cached[ObjectIdentifier(target.real)]?.removeValue(forKey: id) != nil
        if wasCached != modelHad {
          disagreements.append("worker \(index): removeDerived(id: \(id)) returned \(wasCached)")
        }
      case 7:
        let other = Int.random(in: 0..<ModelKeys.count, using: &random)
        let value = "scope-\(index)-\(operations)"
        let read = Dependencies.withValues {
          $0[keyPath: ModelKeys.keyPaths[key]] = value
        } operation: {
          GlobalReader()[ModelKeys.keyPaths[other]]
        }
        let expected = key == other ? value : ModelKeys.defaultValue(other)
        if read != expected {
          disagreements.append(
            "worker \(index): a GlobalEnv scope read \(read), expected \(expected)")
        }
      default:
        compare(target, key, reader: "worker \(index)")
      }
    }
  }

  /// Reads a random key at a random node of this subtree from the calling (checker) thread and
  /// compares it with the model.
  func sample(using generator: inout SeededGenerator) {
    lock.withLock {
      let target = nodes[Int.random(in: 0..<nodes.count, using: &generator)]
      compare(target, Int.random(in: 0..<ModelKeys.count, using: &generator), reader: "checker")
    }
  }

  private func compare(
    _ target: (model: ModelNode, real: SoakEnvironment), _ key: Int, reader: String
  ) {
    let expected = target.model.read(key)
    let actual = target.real[ModelKeys.keyPaths[key]]
    if actual != expected {
      disagreements.append(
        "\(reader), subtree of worker \(index): key \(key) read \(actual), the model says \(expected ?? "invalid")"
      )
    }
  }

  /// Drops this worker's subtree (the root's cached child for `index`, and every uncached child)
  /// and starts a new one.
  private func restart() {
    root.removeDerived(SoakEnvironment.self, id: index)
    // Model nodes hold their parents and their children: break the cycles, or no model is freed.
    modelRoot.removeAllChildren()
    for node in nodes { node.model.removeAllChildren() }
    // The shared root as the model sees it: it sets key 0, and only ever rewrites that value.
    modelRoot = ModelNode()
    modelRoot.set(0, Soak.rootValue)
    nodes = [(modelRoot.makeChild(), root.derived(SoakEnvironment.self, id: index))]
    cached = [:]
  }
}
