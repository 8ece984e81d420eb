import ComposableEnv

/// swift-composable-env's `ComposableEnv` measurements.
enum ComposableBenchmarks {
  /// A `@Dependency` read on an already-read node `depth` levels below the root.
  static func read(depth: Int, _ settings: Settings) -> Double {
    let node = ChainEnvironment().with(\.benchNumber, 1).descendant(depth)
    _ = node.number
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= node.number }
      return sum
    }
  }

  /// A `@Dependency(Key.self)` read on an already-read node one level below the root.
  static func keyTypeRead(_ settings: Settings) -> Double {
    let node = KeyTypeChainEnvironment().with(DependencyKeys.BenchNumber.self, 1).next
    _ = node.number
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= node.number }
      return sum
    }
  }

  /// A read through the key-path subscript (`environment[\.x]`) on an already-read node.
  static func subscriptRead(_ settings: Settings) -> Double {
    let node = ChainEnvironment().next
    _ = node[\.benchNumber]
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= node[\.benchNumber] }
      return sum
    }
  }

  /// Sets a value at the root of an already-read tree of `size` nodes (fan-out 10), then reads
  /// one leaf.
  static func overrideThenRead(treeSize size: Int, _ settings: Settings) -> Double {
    let (root, leaf) = primedTree(size: size)
    var value = 0
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations {
        value &+= 1
        root.with(\.benchNumber, value)
        sum &+= leaf.number
      }
      return sum
    }
  }

  /// Creates a root environment.
  static func createRoot(_ settings: Settings) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= ObjectIdentifier(ChainEnvironment()).hashValue & 1 }
      return sum
    }
  }

  /// Creates a root environment and derives a child from it.
  static func createRootAndDeriveChild(_ settings: Settings) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= ObjectIdentifier(ChainEnvironment().next).hashValue & 1 }
      return sum
    }
  }

  /// Reads a `@DerivedEnvironment` child that was already created (cached).
  static func readDerivedChild(_ settings: Settings) -> Double {
    let root = ChainEnvironment()
    _ = root.next
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= ObjectIdentifier(root.next).hashValue & 1 }
      return sum
    }
  }

  /// Creates a root environment and reads ten dependencies from it.
  static func createRootAndReadTen(_ settings: Settings) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= TenEnvironment().sum }
      return sum
    }
  }

  /// Makes an uncached child of a primed environment and reads three dependencies from it: the
  /// per-request environment of a server.
  static func makeChildAndReadThree(_ settings: Settings) -> Double {
    let app = TenEnvironment.primed()
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations {
        let request = app.makeChild(RequestBenchEnvironment.self)
        sum &+= request.bench0 &+ request.bench1 &+ request.bench2
      }
      return sum
    }
  }

  /// The first read of a key at a node that has already read another one: the slow path alone
  /// (resolution, the default, caching), without creating the environment.
  static func firstReadAtPrimedNode(_ settings: Settings) -> Double {
    let batch = 10_000
    var best = Double.infinity
    for _ in 0..<max(settings.samples, 1) {
      let environments = TenEnvironment.primedRoots(batch)
      var sum = 0
      let seconds = time {
        for environment in environments { sum &+= environment.bench1 }
      }
      blackHole(sum)
      best = min(best, seconds * 1e9 / Double(batch))
    }
    return best
  }

  /// Reads from `threads` threads at once; ns per read, all threads together (wall time divided
  /// by the number of reads). `sameNode`: all threads read one node, or each its own.
  ///
  /// Each sample runs a fixed, large number of reads per thread, so that starting the threads is
  /// negligible; the best of `settings.samples` samples is reported.
  static func concurrentReads(threads: Int, sameNode: Bool, _ settings: Settings) -> Double {
    let root = ChainEnvironment().with(\.benchNumber, 1)
    let nodes = (0..<threads).map {
      sameNode ? root.next : root.derived(ChainEnvironment.self, id: $0)
    }
    for node in nodes { _ = node.number }
    let perThread = Int(settings.sampleSeconds * 100_000_000)
    return concurrentNanoseconds(threads: threads, perThread: perThread, settings) { thread in
      let node = nodes[thread]
      var sum = 0
      for _ in 0..<perThread { sum &+= node.number }
      return sum
    }
  }

  /// What a server does per request (an uncached child of the shared app environment, one value
  /// set on it, two reads), on `threads` threads at once; ns per request, all threads together
  /// (wall time divided by the number of requests). Shows what requests on different threads cost
  /// each other through the app environment they share.
  static func concurrentRequests(threads: Int, sharedApp: Bool = true, _ settings: Settings)
    -> Double
  {
    let shared = TenEnvironment.primed()
    let apps = (0..<threads).map { _ in sharedApp ? shared : TenEnvironment.primed() }
    let perThread = Int(settings.sampleSeconds * 2_000_000)
    return concurrentNanoseconds(threads: threads, perThread: perThread, settings) { thread in
      let app = apps[thread]
      var sum = 0
      for value in 0..<perThread {
        let request = app.makeChild(RequestBenchEnvironment.self).with(\.bench0, value)
        sum &+= request.bench0 &+ request.bench1
      }
      return sum
    }
  }

  /// A fuller request than `concurrentRequests`': an uncached child of the shared app environment,
  /// one value set on it, six first reads of distinct keys on it and two cached reads of the app,
  /// then the child released; on `threads` threads at once, ns per request, all threads together
  /// (wall time divided by the number of requests).
  static func concurrentRequestsReadingSix(threads: Int, _ settings: Settings) -> Double {
    let app = TenEnvironment.primed()
    let perThread = Int(settings.sampleSeconds * 500_000)
    return concurrentNanoseconds(threads: threads, perThread: perThread, settings) { _ in
      var sum = 0
      for value in 0..<perThread {
        let request = app.makeChild(SixKeyRequestEnvironment.self).with(\.bench0, value)
        sum &+= request.sum &+ app.bench6 &+ app.bench7
      }
      return sum
    }
  }

  /// `concurrentRequests` on one thread, in a process in which 2,000 threads, all alive at once,
  /// each made a cached read and then exited: the library keeps the reader records it gave them,
  /// for later threads to reuse, and a write's scan of the records loads every one of them.
  ///
  /// The threads run at the first call, once per process, and what they leave behind stays: every
  /// scenario measured after this one runs in that process (hence `Scenario.measuredLast`).
  static func requestAfterReaderThreadsExited(_ settings: Settings) -> Double {
    _ = exitedReaderThreads
    return concurrentRequests(threads: 1, settings)
  }

  /// How many threads `requestAfterReaderThreadsExited` ran and joined, at its first use.
  private static let exitedReaderThreads: Int = {
    let count = 2_000
    let environment = TenEnvironment.primed()
    runOnOverlappingThreads(count) { _ in blackHole(environment.bench0) }
    return count
  }()

  /// The best, over three times `settings.samples` samples, of the wall time of `threads` threads
  /// each running `body` (which does `perThread` operations and returns a sum to keep), in ns per
  /// operation of all threads together.
  static func concurrentNanoseconds(
    threads: Int, perThread: Int, _ settings: Settings,
    _ body: @escaping @Sendable (_ thread: Int) -> Int
  ) -> Double {
    var best = Double.infinity
    // Three times the samples of a one-thread scenario: a sample is disturbed whenever either
    // thread's processor is taken away meanwhile, which on a shared 2-core machine happens in
    // about half of them (the best of 5 moved by up to 2× from run to run).
    for _ in 0..<settings.samples * 3 {
      let seconds = time { runOnThreads(threads) { thread in blackHole(body(thread)) } }
      best = min(best, seconds * 1e9 / Double(perThread * threads))
    }
    return best
  }
}
