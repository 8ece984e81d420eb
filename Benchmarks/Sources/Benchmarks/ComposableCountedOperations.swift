import ComposableEnv

extension CountedOperation {
  /// `ComposableEnv`'s counted operations.
  static let composable: [CountedOperation] = [
    CountedOperation(name: "read, depth 1", times: 200_000) { times in primedRead(depth: 1, times)
    },
    CountedOperation(name: "read, depth 100", times: 200_000) { times in
      primedRead(depth: 100, times)
    },
    CountedOperation(name: "read by key type, depth 1", times: 200_000) { times in
      let node = KeyTypeChainEnvironment().with(DependencyKeys.BenchNumber.self, 1).next
      blackHole(node.number)
      return { keyTypeReadLoop(node, times) }
    },
    CountedOperation(name: "first read of a key at a primed node", times: 20_000) { times in
      let environments = TenEnvironment.primedRoots(times)
      return { environments.reduce(0) { $0 &+ $1.bench1 } }
    },
    CountedOperation(name: "create a root", times: 20_000) { times in
      {
        (0..<times).reduce(0) { sum, _ in sum &+ ObjectIdentifier(ChainEnvironment()).hashValue & 1
        }
      }
    },
    CountedOperation(name: "create a root, read 10 dependencies", times: 5_000) { times in
      { (0..<times).reduce(0) { sum, _ in sum &+ TenEnvironment().sum } }
    },
    CountedOperation(name: "derive a child", times: 20_000) { times in
      let roots = (0..<times).map { _ in ChainEnvironment() }
      return { roots.reduce(0) { $0 &+ ObjectIdentifier($1.next).hashValue & 1 } }
    },
    CountedOperation(name: "read a cached derived child", times: 100_000) { times in
      let root = ChainEnvironment()
      blackHole(ObjectIdentifier(root.next).hashValue)
      return { (0..<times).reduce(0) { sum, _ in sum &+ ObjectIdentifier(root.next).hashValue & 1 } }
    },
    CountedOperation(name: "create an uncached child, read 3 dependencies", times: 20_000) {
      times in
      let app = TenEnvironment.primed()
      return {
        (0..<times).reduce(0) { sum, _ in
          let request = app.makeChild(RequestBenchEnvironment.self)
          return sum &+ request.bench0 &+ request.bench1 &+ request.bench2
        }
      }
    },
    CountedOperation(name: "a server request: uncached child, set 1 value, read 2", times: 20_000) {
      times in
      let app = TenEnvironment.primed()
      return {
        (0..<times).reduce(0) { sum, value in
          let request = app.makeChild(RequestBenchEnvironment.self).with(\.bench0, value)
          return sum &+ request.bench0 &+ request.bench1
        }
      }
    },
    CountedOperation(name: "override a leaf, read it", times: 100_000) { times in
      let leaf = ChainEnvironment().descendant(3)
      blackHole(leaf.number)
      return {
        (0..<times).reduce(0) { sum, value in
          leaf.with(\.benchNumber, value)
          return sum &+ leaf.number
        }
      }
    },
    CountedOperation(name: "override the root of a 100-node tree, read a leaf", times: 20_000) {
      times in
      let (root, leaf) = primedTree(size: 100)
      return {
        (0..<times).reduce(0) { sum, value in
          root.with(\.benchNumber, value)
          return sum &+ leaf.number
        }
      }
    },
  ]

  /// `times` reads of a primed node `depth` levels below the root that set the value.
  private static func primedRead(depth: Int, _ times: Int) -> () -> Int {
    let node = ChainEnvironment().with(\.benchNumber, 1).descendant(depth)
    blackHole(node.number)
    return { readLoop(node, times) }
  }

  /// `times` reads of `node`, in a function of its own: its code, and so its count, does not move
  /// with how the compiler inlines the code around it.
  @inline(never)
  private static func readLoop(_ node: ChainEnvironment, _ times: Int) -> Int {
    var sum = 0
    for _ in 0..<times { sum &+= node.number }
    return sum
  }

  /// `times` reads of `node` by key type, in a function of its own (see `readLoop`).
  @inline(never)
  private static func keyTypeReadLoop(_ node: KeyTypeChainEnvironment, _ times: Int) -> Int {
    var sum = 0
    for _ in 0..<times { sum &+= node.number }
    return sum
  }
}
