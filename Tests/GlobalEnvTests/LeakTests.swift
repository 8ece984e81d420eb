import GlobalEnv
import TestSupport
import Testing

final class Token: Sendable {}

extension DependencyKeys {
  struct ScopedToken: DependencyKey { static var defaultValue: Token { Token() } }
}

extension Dependencies {
  var scopedToken: Token {
    get { self[DependencyKeys.ScopedToken.self] }
    set { self[DependencyKeys.ScopedToken.self] = newValue }
  }
}

@Suite("Ownership and leaks")
struct LeakTests {
  @Test func valueSetInAScopeIsReleasedWhenTheScopeEnds() {
    weak var value: Token?
    Dependencies.withValues {
      let token = Token()
      value = token
      $0.scopedToken = token
    } operation: {
      #expect(FeatureEnvironment().scopedToken === value)
    }
    #expect(becomesTrue { value == nil })
  }

  @Test func valueSetInAScopeLivesAsLongAsATaskThatInheritedIt() async {
    let observer = WeakToken()
    let task = Dependencies.withValues {
      let token = Token()
      observer.token = token
      $0.scopedToken = token
    } operation: {
      Task {
        await Task.yield()
        return FeatureEnvironment().scopedToken === observer.token
      }
    }
    #expect(await task.value)
    #expect(becomesTrue { observer.token == nil })
  }
}

/// Holds a token weakly, shareable with a task.
private final class WeakToken: @unchecked Sendable {
  // Written before the task starts, read after: never concurrently.
  weak var token: Token?
}
