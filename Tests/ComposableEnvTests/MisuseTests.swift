import ComposableEnv
import Testing

/// Run-time misuse stops the program with a message that names the keys involved.
@Suite("Misuse diagnostics")
struct MisuseTests {
  @Test func aliasCycleNamesTheKeys() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      AppEnvironment()
        .aliasing(\.feedQueue, to: \.mainQueue)
        .aliasing(\.mainQueue, to: \.feedQueue)
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains("alias cycle"))
    #expect(message.contains("DependencyKeys.MainQueue → DependencyKeys.FeedQueue → DependencyKeys.MainQueue"))
  }

  @Test func aliasCycleAcrossEnvironmentsNamesTheKeys() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = AppEnvironment()
      // `feed` aliases feedQueue → mainQueue; closing the loop below it is a cycle.
      app.feed.post.aliasing(\.mainQueue, to: \.postQueue)
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains("alias cycle"))
    #expect(message.contains("DependencyKeys.PostQueue"))
    #expect(message.contains("PostEnvironment"))
  }

  @Test func aliasToItselfNamesTheKey() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      AppEnvironment().aliasing(\.mainQueue, to: \.mainQueue)
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains("DependencyKeys.MainQueue is aliased to itself"))
  }

  @Test func derivingOneInstanceFromTwoParentsNamesBoth() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = FirstParent().child
      _ = SecondParent().child
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains("this PostEnvironment is already derived from a FirstParent"))
    #expect(message.contains("SecondParent"))
  }
}

/// Two parents that (wrongly) share one child instance.
private enum SharedChild {
  static let post = PostEnvironment()
}

private final class FirstParent: ComposableEnvironment {
  @DerivedEnvironment var child = SharedChild.post
}

private final class SecondParent: ComposableEnvironment {
  @DerivedEnvironment var child = SharedChild.post
}
