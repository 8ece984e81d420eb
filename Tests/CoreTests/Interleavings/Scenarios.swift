import DependencyValues
import Foundation
import TestSupport

@testable import _EnvironmentCore

// The interleaving points and injected faults exist in checked (debug) builds only.
#if DEBUG

  /// The environment type the scenarios' nodes are made for.
  private enum ScenarioEnvironment {}

  /// Keys of the scenarios: reference-typed values that count themselves.
  enum ScenarioKeys {
    struct Token: LiveInTests { static var defaultValue: LiveToken? { nil } }
    struct Hook: LiveInTests { static var defaultValue: ScenarioHook? { nil } }
    struct Label: LiveInTests { static var defaultValue: String { "none" } }
    struct Number: LiveInTests { static var defaultValue: Int { 0 } }
    struct Flag: LiveInTests { static var defaultValue: Bool { false } }
  }

  extension Dependencies {
    var scenarioToken: LiveToken? {
      get { self[ScenarioKeys.Token.self] }
      set { self[ScenarioKeys.Token.self] = newValue }
    }
    var scenarioHook: ScenarioHook? {
      get { self[ScenarioKeys.Hook.self] }
      set { self[ScenarioKeys.Hook.self] = newValue }
    }
    var scenarioLabel: String {
      get { self[ScenarioKeys.Label.self] }
      set { self[ScenarioKeys.Label.self] = newValue }
    }
    var scenarioNumber: Int {
      get { self[ScenarioKeys.Number.self] }
      set { self[ScenarioKeys.Number.self] = newValue }
    }
    var scenarioFlag: Bool {
      get { self[ScenarioKeys.Flag.self] }
      set { self[ScenarioKeys.Flag.self] = newValue }
    }
  }

  /// A value whose release runs library code: the re-entrancy hook of a scenario.
  final class ScenarioHook: @unchecked Sendable {
    // `@unchecked Sendable`: `onRelease` is set once, before the hook is shared.
    let token: LiveToken
    private let onRelease: () -> Void

    init(_ name: String, _ live: LiveCount, onRelease: @escaping () -> Void = {}) {
      token = LiveToken(name, live)
      self.onRelease = onRelease
    }

    deinit { onRelease() }
  }

  /// Nodes shared by a run's threads. `@unchecked Sendable`: the scheduler runs one thread at a time,
  /// handing over through semaphores.
  final class Nodes: @unchecked Sendable {
    var nodes: [String: Node] = [:]
    subscript(name: String) -> Node { nodes[name]! }
    /// Drops the run's reference to a node, after the dictionary access (the node's release may
    /// read the others).
    func release(_ name: String) {
      let node = nodes.removeValue(forKey: name)
      withExtendedLifetime(node) {}
    }
  }

  /// Problems found by a run's threads, for its check.
  final class Problems: @unchecked Sendable {
    // `@unchecked Sendable`: written by one scheduled thread at a time.
    var list: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { list.append(message()) }
    }
  }

  extension Node {
    static func scenarioRoot() -> Node {
      makeRoot(environmentType: ScenarioEnvironment.self, testContext: nil)
    }
    func scenarioChild() -> Node {
      Node.makeChild(of: self, environmentType: ScenarioEnvironment.self, testContext: nil)
    }
  }

  /// The end state every scenario checks besides its own, once the nodes that cached a replaced
  /// value have been read again: the values replaced during the run are released (only
  /// `expectedLive` remain), and nothing is left queued for reclamation.
  func releasedEverythingReplaced(_ live: LiveCount, expectedLive: Int) -> [String] {
    var problems: [String] = []
    if live.count != expectedLive {
      problems.append("\(live.count) values alive after the run, \(expectedLive) expected")
    }
    if Reclamation.queuedCount != 0 {
      problems.append("\(Reclamation.queuedCount) tables still queued after every thread finished")
    }
    return problems
  }

  /// The scenarios the harness explores: each a few operations on two or three threads, through
  /// every interleaving of the core's interleaving points within the preemption bound.
  enum Scenarios {
    /// What each run starts with: a count of its live values, its nodes by name, its problems.
    static func fresh() -> (LiveCount, Nodes, Problems) { (LiveCount(), Nodes(), Problems()) }

    /// A write on a node with a child, against cached reads at the child and the node: a reader
    /// sees the old value or the new one, never a released one, and never the old one after the
    /// new; the replaced value is released by the time both threads are done.
    static let writeVersusCachedRead = Scenario(name: "write vs cached read") {
      let (live, nodes, problems) = fresh()
      let root = Node.scenarioRoot()
      nodes.nodes = ["root": root, "child": root.scenarioChild()]
      root.write(\.scenarioToken, LiveToken("v0", live))
      _ = nodes["child"].read(\.scenarioToken)
      _ = root.read(\.scenarioToken)
      return ScenarioRun(
        threads: [
          { nodes["root"].write(\.scenarioToken, LiveToken("v1", live)) },
          {
            let first = nodes["child"].read(\.scenarioToken)
            let second = nodes["child"].read(\.scenarioToken)
            let atRoot = nodes["root"].read(\.scenarioToken)
            for token in [first, second, atRoot] {
              problems.expect(token?.isIntact == true, "read a released token")
            }
            problems.expect(
              !(first?.name == "v1" && second?.name == "v0"), "read the old value after the new")
          },
        ],
        check: {
          problems.expect(nodes["child"].read(\.scenarioToken)?.name == "v1", "child reads v1")
          return problems.list + releasedEverythingReplaced(live, expectedLive: 1)
        })
    }

    /// A write at a node without children (which retires only that node's table), against cached
    /// reads at its sibling: the writer never waits for the reader; if the reader was pinned when
    /// the table was retired, the reader frees it as it unpins, with no further operation (the
    /// check counts before it reads).
    static let writeVersusReadsElsewhere = Scenario(name: "write at a leaf vs reads elsewhere") {
      let (live, nodes, problems) = fresh()
      let root = Node.scenarioRoot()
      nodes.nodes = ["root": root, "leaf": root.scenarioChild(), "sibling": root.scenarioChild()]
      root.write(\.scenarioToken, LiveToken("root", live))
      nodes["leaf"].write(\.scenarioToken, LiveToken("v0", live))
      _ = nodes["leaf"].read(\.scenarioToken)
      _ = nodes["sibling"].read(\.scenarioToken)
      return ScenarioRun(
        threads: [
          { nodes["leaf"].write(\.scenarioToken, LiveToken("v1", live)) },
          {
            for _ in 0..<2 {
              problems.expect(
                nodes["sibling"].read(\.scenarioToken)?.name == "root", "the sibling reads root's")
            }
          },
        ],
        check: {
          let released = releasedEverythingReplaced(live, expectedLive: 2)
          problems.expect(nodes["leaf"].read(\.scenarioToken)?.name == "v1", "the leaf reads v1")
          return released + problems.list
        })
    }

    /// A first read at a node without children (which a write there does not invalidate through
    /// the tree's generation), against a write at that node: the read must not cache what it
    /// resolved before the write (the write-count rule), or later reads return the old value.
    static let writeVersusFirstRead = Scenario(name: "write vs first read") {
      let (live, nodes, problems) = fresh()
      let root = Node.scenarioRoot()
      nodes.nodes = ["root": root, "leaf": root.scenarioChild()]
      root.write(\.scenarioToken, LiveToken("v0", live))
      return ScenarioRun(
        threads: [
          {
            let token = nodes["leaf"].read(\.scenarioToken)
            problems.expect(token?.isIntact == true, "read a released token")
          },
          { nodes["leaf"].write(\.scenarioToken, LiveToken("v1", live)) },
        ],
        check: {
          let after = nodes["leaf"].read(\.scenarioToken)?.name
          problems.expect(after == "v1", "the leaf reads \(after ?? "nil") after the write, not v1")
          return problems.list + releasedEverythingReplaced(live, expectedLive: 2)
        })
    }

    /// A write whose replaced value's release (by the writer, or by the reader that frees the
    /// retired table as it unpins) writes, reads, makes and releases nodes of another tree and
    /// reads this one: retirements nested in a free, on either thread.
    static let nestedRetireDuringFree = Scenario(name: "nested retire during free") {
      let (live, nodes, problems) = fresh()
      let root = Node.scenarioRoot()
      let other = Node.scenarioRoot()
      nodes.nodes = ["root": root, "child": root.scenarioChild(), "other": other]
      _ = other.scenarioChild().read(\.scenarioLabel)
      let hook = ScenarioHook("v0", live) {
        nodes["other"].write(\.scenarioLabel, "written in a deinit")
        let request = nodes["other"].scenarioChild()
        _ = request.read(\.scenarioLabel)
        request.write(\.scenarioNumber, 1)
        _ = request.read(\.scenarioNumber)
        _ = nodes["root"].read(\.scenarioLabel)
      }
      root.write(\.scenarioHook, hook)
      _ = nodes["child"].read(\.scenarioHook)
      return ScenarioRun(
        threads: [
          { nodes["root"].write(\.scenarioHook, ScenarioHook("v1", live)) },
          {
            for _ in 0..<2 {
              let hook = nodes["child"].read(\.scenarioHook)
              problems.expect(hook?.token.isIntact == true, "read a released hook")
            }
          },
        ],
        check: {
          // A descendant's stale table holds the old value until the descendant is read again
          // (or released): writes invalidate lazily (Design.md, "What invalidates what").
          problems.expect(nodes["child"].read(\.scenarioHook)?.token.name == "v1", "child reads v1")
          problems.expect(
            nodes["other"].read(\.scenarioLabel) == "written in a deinit", "the deinit's write")
          return problems.list + releasedEverythingReplaced(live, expectedLive: 1)
        })
    }

    /// The last reference to a node dropped on one thread (its table freed with it, and a value
    /// set on it whose release reads and writes its parent) while another reads the parent and a
    /// sibling.
    static let releaseOfANodeUnderReaders = Scenario(name: "release of a node under readers") {
      let (live, nodes, problems) = fresh()
      let root = Node.scenarioRoot()
      let doomed = root.scenarioChild()
      nodes.nodes = ["root": root, "sibling": root.scenarioChild(), "doomed": doomed]
      root.write(\.scenarioToken, LiveToken("root", live))
      doomed.write(
        \.scenarioHook,
        ScenarioHook("doomed", live) {
          _ = nodes["root"].read(\.scenarioToken)
          nodes["root"].write(\.scenarioLabel, "released")
        })
      _ = doomed.read(\.scenarioHook)
      _ = doomed.read(\.scenarioToken)
      _ = nodes["sibling"].read(\.scenarioToken)
      return ScenarioRun(
        threads: [
          { nodes.release("doomed") },
          {
            for name in ["sibling", "root"] {
              problems.expect(
                nodes[name].read(\.scenarioToken)?.isIntact == true, "read a released token")
            }
            _ = nodes["sibling"].read(\.scenarioLabel)
          },
        ],
        check: {
          problems.expect(nodes["root"].read(\.scenarioLabel) == "released", "the deinit's write")
          return problems.list + releasedEverythingReplaced(live, expectedLive: 1)
        })
    }

    /// First reads of new keys that grow a node's table (each growth retires the old table)
    /// against cached reads of a key the old tables hold.
    static let tableGrowth = Scenario(name: "table growth") {
      let (live, nodes, problems) = fresh()
      let root = Node.scenarioRoot()
      nodes.nodes = ["root": root, "node": root.scenarioChild()]
      root.write(\.scenarioToken, LiveToken("v0", live))
      _ = nodes["node"].read(\.scenarioToken)
      return ScenarioRun(
        threads: [
          {
            _ = nodes["node"].read(\.scenarioLabel)
            _ = nodes["node"].read(\.scenarioNumber)
            _ = nodes["node"].read(\.scenarioFlag)
          },
          {
            for _ in 0..<2 {
              problems.expect(
                nodes["node"].read(\.scenarioToken)?.isIntact == true, "read a released token")
            }
          },
        ],
        check: {
          problems.expect(nodes["node"].read(\.scenarioNumber) == 0, "the node reads the default")
          return problems.list + releasedEverythingReplaced(live, expectedLive: 1)
        })
    }

    /// A reader that exits (its record released for reuse) while a write's retired table may be
    /// queued behind it, beside a second reader: whoever is last frees the table.
    static let threadExit = Scenario(name: "thread exit") {
      let (live, nodes, problems) = fresh()
      let root = Node.scenarioRoot()
      nodes.nodes = ["root": root, "child": root.scenarioChild()]
      root.write(\.scenarioToken, LiveToken("v0", live))
      _ = nodes["child"].read(\.scenarioToken)
      let read = { @Sendable in
        problems.expect(
          nodes["child"].read(\.scenarioToken)?.isIntact == true, "read a released token")
      }
      return ScenarioRun(
        threads: [
          { nodes["root"].write(\.scenarioToken, LiveToken("v1", live)) },
          read,
          read,
        ],
        check: {
          problems.expect(nodes["child"].read(\.scenarioToken)?.name == "v1", "child reads v1")
          return problems.list + releasedEverythingReplaced(live, expectedLive: 1)
        })
    }

    static let all = [
      writeVersusCachedRead, writeVersusReadsElsewhere, writeVersusFirstRead,
      nestedRetireDuringFree,
      releaseOfANodeUnderReaders, tableGrowth, threadExit,
    ]
  }
#endif
