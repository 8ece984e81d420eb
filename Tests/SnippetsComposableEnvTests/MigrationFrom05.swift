// Compiled copy of a snippet from Migration.md; keep it identical (SnippetsAreCompiledTests checks).
import ComposableEnv

extension DependencyKeys {
  struct MainQueue: DependencyKey {
    static var defaultValue: String { "main" }
  }
}

extension Dependencies {
  var mainQueue: String {
    get { self[DependencyKeys.MainQueue.self] }
    set { self[DependencyKeys.MainQueue.self] = newValue }
  }
}

func migrationFrom05Aliases() {
  let shell = ShellEnvironment()
    .aliasing(\.uiQueue, to: \.mainQueue)
    .with(\.mainQueue, "main-thread")
  _ = shell
}

func migrationFrom05Pullback() -> Reducer<ShellState, ShellAction, ShellEnvironment> {
  let shellReducer = Reducer<ShellState, ShellAction, ShellEnvironment>.combine(
    searchReducer.pullback(
      state: \.search,
      action: /ShellAction.search,
      environment: { $0.derived(SearchEnvironment.self) }
    )
  )
  return shellReducer
}
