// Compiled copy of a snippet from Migration.md; keep it identical (SnippetsAreCompiledTests checks).
// import Dependencies  // pointfreeco's: also declares DependencyKey and @Dependency
import ClashingNames  // a stand-in that declares both names too
import ComposableEnv

extension DependencyKeys {
  struct Stopwatch: Compatible.DependencyKey {
    static var defaultValue: @Sendable () -> Double { { 0 } }
  }
}

extension Dependencies {
  var stopwatch: @Sendable () -> Double {
    get { self[DependencyKeys.Stopwatch.self] }
    set { self[DependencyKeys.Stopwatch.self] = newValue }
  }
}

final class TimerEnvironment: ComposableEnvironment {
  @Compatible.Dependency(\.stopwatch) var stopwatch
}
