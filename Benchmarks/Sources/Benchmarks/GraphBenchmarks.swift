import GraphComposableEnv
import GraphDependencies
import GraphGlobalEnv
import GraphSwinject

/// The shapes of Tiziano Coroneo's published benchmark ("All dependency injection systems are
/// zero-cost", 2024), on a generated graph (Benchmarks/Scripts/generate-graph.swift): every
/// class resolved once per iteration (AccessAll), each library as its users write it; the
/// swift-dependencies file compiled with `import GlobalEnv` for GlobalEnv's figures.
enum GraphBenchmarks {
  private static func perIteration(_ settings: Settings, _ body: () -> Int) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= body() }
      return sum
    }
  }

  static func globalEnvAccessAllFrom(_ settings: Settings) -> Double {
    let container = GlobalEnvGraphContainer()
    return perIteration(settings) { GraphGlobalEnv.globalEnvAccessAllFrom(container) }
  }

  static func pointFreeAccessAllFrom(_ settings: Settings) -> Double {
    let container = PointFreeGraphContainer()
    return perIteration(settings) { GraphDependencies.pointFreeAccessAllFrom(container) }
  }

  static func globalEnvAccessAllInScope(_ settings: Settings) -> Double {
    perIteration(settings) { GraphGlobalEnv.globalEnvAccessAllInScope() }
  }

  static func pointFreeAccessAllInScope(_ settings: Settings) -> Double {
    perIteration(settings) { GraphDependencies.pointFreeAccessAllInScope() }
  }

  static func composableAccessAll(_ settings: Settings) -> Double {
    let environment = GraphEnvironment()
    return perIteration(settings) { GraphComposableEnv.composableAccessAll(environment) }
  }

  static func swinjectAccessAll(_ settings: Settings) -> Double {
    let container = swinjectContainer()
    return perIteration(settings) { GraphSwinject.swinjectAccessAll(container) }
  }

  static func globalEnvMakeAndReadAll(_ settings: Settings) -> Double {
    perIteration(settings) { GraphGlobalEnv.globalEnvMakeContainerAndReadAll() }
  }

  static func pointFreeMakeAndReadAll(_ settings: Settings) -> Double {
    perIteration(settings) { GraphDependencies.pointFreeMakeContainerAndReadAll() }
  }

  static func composableMakeAndReadAll(_ settings: Settings) -> Double {
    perIteration(settings) { GraphComposableEnv.composableMakeContainerAndReadAll() }
  }

  static func swinjectMakeAndReadAll(_ settings: Settings) -> Double {
    perIteration(settings) { GraphSwinject.swinjectMakeContainerAndReadAll() }
  }
}
