import ComposableEnv
import Testing

@Suite("Thread safety")
struct ConcurrencyTests {
  @Test func concurrentReadsAndWritesSeeOnlyValuesThatWereSet() async {
    let app = AppEnvironment().with(\.number, 0)
    let nodes = [app.feature, app.feature.next, app.sibling, app.feature.descendant(4)]
    let allowed = Set(0..<1_000)
    let unexpected = await withTaskGroup(of: [Int].self) { group in
      for writer in 0..<4 {
        group.addTask {
          for step in 0..<250 {
            let value = writer * 250 + step
            if step.isMultiple(of: 3) {
              nodes[writer].with(\.number, value)
            } else {
              app.with(\.number, value)
            }
          }
          return []
        }
      }
      for reader in 0..<8 {
        group.addTask {
          var unexpected: [Int] = []
          for step in 0..<2_000 {
            let value = nodes[(reader + step) % nodes.count].number
            if !allowed.contains(value) { unexpected.append(value) }
          }
          return unexpected
        }
      }
      return await group.reduce(into: [Int]()) { $0 += $1 }
    }
    #expect(unexpected.isEmpty)
  }

  @Test func concurrentDerivationsAndReadsAgree() async {
    let app = AppEnvironment().with(\.name, "shared")
    let names = await withTaskGroup(of: [String].self) { group in
      for task in 0..<8 {
        group.addTask {
          (0..<100).map { app.derived(FeatureEnvironment.self, id: ($0 + task) % 10).next.name }
        }
      }
      return await group.reduce(into: Set<String>()) { $0.formUnion($1) }
    }
    #expect(names == ["shared"])
  }

  @Test func concurrentAliasingAndReadsSeeOnlyGroupValues() async {
    let app = AppEnvironment().with(\.mainQueue, "main")
    let leaves = (0..<8).map { app.derived(FeatureEnvironment.self, id: $0).next }
    let seen = await withTaskGroup(of: Set<String>.self) { group in
      for (index, leaf) in leaves.enumerated() {
        group.addTask {
          var seen: Set<String> = []
          for step in 0..<200 {
            if step == 50 {
              app.derived(FeatureEnvironment.self, id: index).aliasing(\.feedQueue, to: \.mainQueue)
            }
            seen.insert(leaf.feedQueue)
          }
          return seen
        }
      }
      return await group.reduce(into: Set<String>()) { $0.formUnion($1) }
    }
    #expect(seen.isSubset(of: ["main", "feed-default"]))
    #expect(leaves.allSatisfy { $0.feedQueue == "main" })
  }
}
