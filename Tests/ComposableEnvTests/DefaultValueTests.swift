import ComposableEnv
import ComposableEnvTesting
import Testing

@Suite("Default values")
struct DefaultValueTests {
  @Test(.dependencyContext(.live)) func unsetDependencyReadsItsDefault() {
    let app = AppEnvironment()
    #expect(app.number == 0)
    #expect(app.name == "default")
  }

  @Test func descendantOfUnsetTreeReadsTheDefault() {
    #expect(AppEnvironment().feature.descendant(3).number == 0)
  }

  @Test func defaultIsComputedOncePerRoot() {
    let before = DefaultCounters.perRoot.count
    let first = AppEnvironment()
    _ = first.countedPerRoot
    _ = first.feature.countedPerRoot
    _ = first.feature.descendant(4).countedPerRoot
    _ = first[\.countedPerRoot]
    #expect(DefaultCounters.perRoot.count - before == 1)

    let second = AppEnvironment()
    #expect(second.feature.countedPerRoot == 7)
    #expect(DefaultCounters.perRoot.count - before == 2)
  }

  @Test func concurrentFirstReadsComputeTheDefaultOnce() async {
    let app = AppEnvironment()
    let leaves = (0..<8).map { app.feature.descendant($0) }
    let before = DefaultCounters.concurrent.count
    let values = await withTaskGroup(of: Int.self) { group in
      for leaf in leaves {
        group.addTask { leaf.countedConcurrently }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(values == Array(repeating: 8, count: 8))
    #expect(DefaultCounters.concurrent.count - before == 1)
  }
}
