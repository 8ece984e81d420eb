import Foundation
import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

extension DependencyKeys {
  fileprivate enum Greeting: DependencyKey {
    static var defaultValue: String { "live" }
    static var testValue: String { "test" }
  }
}

extension Dependencies {
  fileprivate var escapedGreeting: String {
    get { self[DependencyKeys.Greeting.self] }
    set { self[DependencyKeys.Greeting.self] = newValue }
  }
}

private struct GreetingReader: GlobalDependenciesAccessing {}

/// `withEscapedValues` carries a scope into work that leaves the task, as swift-dependencies'
/// `withEscapedDependencies` does.
@Suite struct EscapedValuesTests {
  @Test func workOnAGCDQueueReadsTheEscapedScopesValues() {
    let read = Shared("")
    let done = DispatchSemaphore(value: 0)
    Dependencies.withValues {
      $0.escapedGreeting = "scoped"
    } operation: {
      Dependencies.withEscapedValues { escaped in
        DispatchQueue.global().async {
          read.value = escaped.yield { GreetingReader().escapedGreeting }
          done.signal()
        }
      }
    }
    #expect(done.wait(timeout: .now() + hangDeadline) == .success)
    #expect(read.value == "scoped")
  }

  @Test func workOnAGCDQueueWithoutEscapingReadsTheProcessWideValues() {
    let read = Shared("")
    let done = DispatchSemaphore(value: 0)
    Dependencies.withValues {
      $0.escapedGreeting = "scoped"
    } operation: {
      DispatchQueue.global().async {
        read.value = GreetingReader().escapedGreeting
        done.signal()
      }
    }
    #expect(done.wait(timeout: .now() + hangDeadline) == .success)
    #expect(read.value != "scoped")
  }

  @Test func aDetachedTaskReadsTheEscapedScopesValues() async {
    let read = await Dependencies.withValues {
      $0.escapedGreeting = "scoped"
    } operation: {
      await Dependencies.withEscapedValues { escaped in
        await Task.detached { escaped.yield { GreetingReader().escapedGreeting } }.value
      }
    }
    #expect(read == "scoped")
  }

  @Test func escapingOutsideAnyScopeReadsTheProcessWideValues() {
    let read = Dependencies.withEscapedValues { escaped in
      escaped.yield { GreetingReader().escapedGreeting }
    }
    #expect(read == GreetingReader().escapedGreeting)
  }
}
