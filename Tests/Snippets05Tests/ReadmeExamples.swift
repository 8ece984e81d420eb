// swift-composable-environment 0.5's README examples, as its users copied them: the first one
// extends `ComposableDependencies` (deprecated since, renamed `Dependencies`), so what uses it is
// marked deprecated here to keep this target free of warnings. `AnySchedulerOf` stands in for the
// Composable Architecture's scheduler type, and `Root` for the README's shorthand of
// `RootEnvironment`.
import ComposableEnv
import ComposableEnvTesting
import Dispatch
import Testing

struct MainQueueKey: DependencyKey {
  static var defaultValue: AnySchedulerOf<DispatchQueue> { .main }
}

@available(*, deprecated, message: "0.5's README extends ComposableDependencies.")
extension ComposableDependencies {
  var mainQueue: AnySchedulerOf<DispatchQueue> {
    get { self[MainQueueKey.self] }
    set { self[MainQueueKey.self] = newValue }
  }
}

@available(*, deprecated, message: "Reads 0.5's README dependency.")
class ChildEnvironment: ComposableEnvironment {
  @Dependency(\.mainQueue) var mainQueue
}

@available(*, deprecated, message: "Reads 0.5's README dependency.")
class RootEnvironment: ComposableEnvironment {
  @Dependency(\.mainQueue) var mainQueue
  @DerivedEnvironment<ChildEnvironment> var child
}

@available(*, deprecated, message: "Reads 0.5's README dependency.")
typealias Root = RootEnvironment

/// The README's "AutoComposableEnvironment" section: a custom name for a dependency, an override
/// inside the environment chain, and direct member access without `@Dependency`.
@available(*, deprecated, message: "Reads 0.5's README dependency.")
class RenamingEnvironment: ComposableEnvironment {
  @Dependency(\.mainQueue) var anotherNameForTheDependency
  @DerivedEnvironment var child = ChildEnvironment().with(\.mainQueue, .failing)
}

@Suite("swift-composable-environment 0.5's README examples")
struct ReadmeExamplesTests {
  @available(*, deprecated, message: "Runs 0.5's README examples.")
  @Test func aValueSetWithWithReachesDerivedEnvironments() {
    let failingMain = Root().with(\.mainQueue, .failing)
    #expect(failingMain.mainQueue == .failing)
    #expect(Root().with(\.mainQueue, .failing).child.mainQueue == .failing)
  }

  @available(*, deprecated, message: "Runs 0.5's README examples.")
  @Test(.dependencyContext(.live)) func parentsAndSiblingsKeepTheirValues() {
    let root = Root()
    root.child.with(\.mainQueue, .failing)
    #expect(root.mainQueue == .main)
    #expect(root.child.mainQueue == .failing)
    #expect(Root().child.mainQueue == .main)
  }

  @available(*, deprecated, message: "Runs 0.5's README examples.")
  @Test(.dependencyContext(.live)) func renamedDependenciesOverridesInTheChainAndDirectAccess() {
    let environment = RenamingEnvironment()
    #expect(environment.anotherNameForTheDependency == .main)
    #expect(environment.mainQueue == .main)
    #expect(environment.child.mainQueue == .failing)
  }
}

/// A stand-in for the Composable Architecture's `AnySchedulerOf`: a named scheduler.
struct AnySchedulerOf<Scheduler>: Sendable, Equatable {
  let name: String

  static var main: Self { Self(name: "main") }
  static var failing: Self { Self(name: "failing") }
}
