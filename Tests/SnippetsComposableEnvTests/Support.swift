// What the ComposableEnv snippets of Migration.md use without declaring it.
import ComposableEnv

extension DependencyKeys {
  struct APIClientKey: DependencyKey { static var defaultValue: APIClient { .live } }
  struct UIQueue: DependencyKey { static var defaultValue: String { "ui" } }
}

extension Dependencies {
  var apiClient: APIClient {
    get { self[DependencyKeys.APIClientKey.self] }
    set { self[DependencyKeys.APIClientKey.self] = newValue }
  }
  var uiQueue: String {
    get { self[DependencyKeys.UIQueue.self] }
    set { self[DependencyKeys.UIQueue.self] = newValue }
  }
}

final class ShellEnvironment: ComposableEnvironment {}
final class SearchEnvironment: ComposableEnvironment {}

struct SearchState {}
struct ShellState { var search = SearchState() }
enum SearchAction { case submit }
enum ShellAction { case search(SearchAction) }

/// A stand-in for the shape of the Composable Architecture's (pre-1.0) `Reducer`, enough to
/// compile the pullback snippet without depending on that library.
struct Reducer<State, Action, Environment> {
  let run: (inout State, Action, Environment) -> Void

  static func combine(_ reducers: Reducer...) -> Reducer {
    Reducer { state, action, environment in
      for reducer in reducers { reducer.run(&state, action, environment) }
    }
  }

  func pullback<ParentState, ParentAction, ParentEnvironment>(
    state: WritableKeyPath<ParentState, State>,
    action: CasePath<ParentAction, Action>,
    environment: @escaping (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    Reducer<ParentState, ParentAction, ParentEnvironment> { _, _, parentEnvironment in
      _ = environment(parentEnvironment)
    }
  }
}

/// A stand-in for a case path, built like swift-case-paths' `/Enum.case`.
struct CasePath<Root, Value> {
  let embed: (Value) -> Root
}

prefix operator /

prefix func / <Root, Value>(embed: @escaping (Value) -> Root) -> CasePath<Root, Value> {
  CasePath(embed: embed)
}

var searchReducer: Reducer<SearchState, SearchAction, SearchEnvironment> {
  Reducer { _, _, _ in }
}
