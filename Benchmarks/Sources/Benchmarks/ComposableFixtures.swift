// swift-composable-env's side of the benchmarks: ComposableEnv environments and keys.
import ComposableEnv

extension DependencyKeys {
  struct BenchNumber: DependencyKey { static var defaultValue: Int { 42 } }
  struct Bench0: DependencyKey { static var defaultValue: Int { 0 } }
  struct Bench1: DependencyKey { static var defaultValue: Int { 1 } }
  struct Bench2: DependencyKey { static var defaultValue: Int { 2 } }
  struct Bench3: DependencyKey { static var defaultValue: Int { 3 } }
  struct Bench4: DependencyKey { static var defaultValue: Int { 4 } }
  struct Bench5: DependencyKey { static var defaultValue: Int { 5 } }
  struct Bench6: DependencyKey { static var defaultValue: Int { 6 } }
  struct Bench7: DependencyKey { static var defaultValue: Int { 7 } }
  struct Bench8: DependencyKey { static var defaultValue: Int { 8 } }
  struct Bench9: DependencyKey { static var defaultValue: Int { 9 } }
}

extension Dependencies {
  var benchNumber: Int {
    get { self[DependencyKeys.BenchNumber.self] }
    set { self[DependencyKeys.BenchNumber.self] = newValue }
  }
  var bench0: Int {
    get { self[DependencyKeys.Bench0.self] }
    set { self[DependencyKeys.Bench0.self] = newValue }
  }
  var bench1: Int {
    get { self[DependencyKeys.Bench1.self] }
    set { self[DependencyKeys.Bench1.self] = newValue }
  }
  var bench2: Int {
    get { self[DependencyKeys.Bench2.self] }
    set { self[DependencyKeys.Bench2.self] = newValue }
  }
  var bench3: Int {
    get { self[DependencyKeys.Bench3.self] }
    set { self[DependencyKeys.Bench3.self] = newValue }
  }
  var bench4: Int {
    get { self[DependencyKeys.Bench4.self] }
    set { self[DependencyKeys.Bench4.self] = newValue }
  }
  var bench5: Int {
    get { self[DependencyKeys.Bench5.self] }
    set { self[DependencyKeys.Bench5.self] = newValue }
  }
  var bench6: Int {
    get { self[DependencyKeys.Bench6.self] }
    set { self[DependencyKeys.Bench6.self] = newValue }
  }
  var bench7: Int {
    get { self[DependencyKeys.Bench7.self] }
    set { self[DependencyKeys.Bench7.self] = newValue }
  }
  var bench8: Int {
    get { self[DependencyKeys.Bench8.self] }
    set { self[DependencyKeys.Bench8.self] = newValue }
  }
  var bench9: Int {
    get { self[DependencyKeys.Bench9.self] }
    set { self[DependencyKeys.Bench9.self] = newValue }
  }
}

/// A link of a chain (or a node of a tree, through `derived(_:id:)`) that reads one dependency.
final class ChainEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.benchNumber) var number
  @DerivedEnvironment<ChainEnvironment> var next
}

/// `ChainEnvironment` with its dependency read by key type (`@Dependency(Key.self)`), the short
/// form, rather than by key path.
final class KeyTypeChainEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(DependencyKeys.BenchNumber.self) var number
  @DerivedEnvironment<KeyTypeChainEnvironment> var next
}

/// A short-lived child that reads three dependencies, as a per-request environment does.
final class RequestBenchEnvironment: ComposableEnvironment {
  @Dependency(\.bench0) var bench0
  @Dependency(\.bench1) var bench1
  @Dependency(\.bench2) var bench2
}

/// A per-request environment that reads six dependencies, each read once: six first reads.
final class SixKeyRequestEnvironment: ComposableEnvironment {
  @Dependency(\.bench0) var bench0
  @Dependency(\.bench1) var bench1
  @Dependency(\.bench2) var bench2
  @Dependency(\.bench3) var bench3
  @Dependency(\.bench4) var bench4
  @Dependency(\.bench5) var bench5

  /// Reads all six.
  var sum: Int { bench0 &+ bench1 &+ bench2 &+ bench3 &+ bench4 &+ bench5 }
}

/// An environment that reads ten dependencies.
///
/// `@unchecked Sendable`: it adds no state to the library's, which is thread-safe (shared by the
/// threads of the concurrent-requests benchmark).
final class TenEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.bench0) var bench0
  @Dependency(\.bench1) var bench1
  @Dependency(\.bench2) var bench2
  @Dependency(\.bench3) var bench3
  @Dependency(\.bench4) var bench4
  @Dependency(\.bench5) var bench5
  @Dependency(\.bench6) var bench6
  @Dependency(\.bench7) var bench7
  @Dependency(\.bench8) var bench8
  @Dependency(\.bench9) var bench9

  /// Reads all ten.
  var sum: Int {
    bench0 &+ bench1 &+ bench2 &+ bench3 &+ bench4 &+ bench5 &+ bench6 &+ bench7 &+ bench8 &+ bench9
  }
}

/// A node that sets and reads nothing, for memory figures.
final class BareEnvironment: ComposableEnvironment {
  @DerivedEnvironment<BareEnvironment> var next
}

extension ChainEnvironment {
  /// The descendant `depth` levels below, through `next`.
  func descendant(_ depth: Int) -> ChainEnvironment {
    (0..<depth).reduce(self) { environment, _ in environment.next }
  }
}

/// A tree of `size` `ChainEnvironment`s (fan-out 10) in which every node has read its dependency;
/// its root and its last leaf.
func primedTree(size: Int) -> (root: ChainEnvironment, leaf: ChainEnvironment) {
  let root = ChainEnvironment()
  var nodes = [root]
  var next = 0
  while nodes.count < size {
    let parent = nodes[next / 10]
    nodes.append(parent.derived(ChainEnvironment.self, id: next % 10))
    next += 1
  }
  for node in nodes { _ = node.number }
  return (root, nodes[nodes.count - 1])
}

extension TenEnvironment {
  /// An environment that has read all ten dependencies: a primed app environment.
  static func primed() -> TenEnvironment {
    let app = TenEnvironment()
    blackHole(app.sum)
    return app
  }

  /// `count` roots, each of which has read `bench0` and nothing else.
  static func primedRoots(_ count: Int) -> [TenEnvironment] {
    let environments = (0..<count).map { _ in TenEnvironment() }
    for environment in environments { blackHole(environment.bench0) }
    return environments
  }
}
