import ComposableEnv
import Foundation
import Testing

#if compiler(>=6.2)  // exit tests (Swift Testing 6.2)
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
      #expect(
        message.contains(
          "DependencyKeys.MainQueue → DependencyKeys.FeedQueue → DependencyKeys.MainQueue"))
    }

    @Test func aliasCycleIsReportedAtTheAliasThatClosesIt() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        AppEnvironment()
          .aliasing(\.feedQueue, to: \.mainQueue)
          .aliasing(\.mainQueue, to: \.feedQueue)
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      // At the user's call (in an exit test, the line of its `#expect`), not in the library.
      #expect(message.contains("ComposableEnvTests/MisuseTests.swift:"))
      #expect(!message.contains("AliasScope.swift"))
      #expect(message.contains("`aliasing(_:to:)` on an environment"))
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

    @Test func indirectAliasCycleNamesEveryKey() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        AppEnvironment()
          .aliasing(\.feedQueue, to: \.mainQueue)
          .aliasing(\.postQueue, to: \.feedQueue)
          .aliasing(\.mainQueue, to: \.postQueue)
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "DependencyKeys.MainQueue → DependencyKeys.PostQueue → DependencyKeys.FeedQueue → DependencyKeys.MainQueue"
        )
      )
    }

    @Test func aliasCycleCreatedThroughDerivedEnvironmentNamesTheKeys() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        // The parent aliases feed → main; its derived child declares main → feed.
        _ = CycleParentEnvironment().aliasing(\.feedQueue, to: \.mainQueue).child
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("alias cycle"))
      #expect(
        message.contains(
          "DependencyKeys.MainQueue → DependencyKeys.FeedQueue → DependencyKeys.MainQueue"))
      #expect(message.contains("declared in CycleChildEnvironment"))
    }

    @Test func conflictingAliasGroupsNameTheKeysAndEnvironments() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let app = AppEnvironment().aliasing(\.postQueue, to: \.mainQueue)
        app.feature.aliasing(\.postQueue, to: \.feedQueue)
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("conflicting aliases for DependencyKeys.PostQueue"))
      #expect(message.contains("DependencyKeys.MainQueue (declared in AppEnvironment)"))
      #expect(message.contains("DependencyKeys.FeedQueue (declared in FeatureEnvironment)"))
    }

    @Test func aliasCycleClosedByAnAncestorIsReportedAtTheAncestorsCall() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let app = AppEnvironment()
        app.feature.aliasing(\.feedQueue, to: \.mainQueue)
        FileHandle.standardError.write(Data("before the ancestor's call\n".utf8))
        app.aliasing(\.mainQueue, to: \.feedQueue)
        FileHandle.standardError.write(Data("after the ancestor's call\n".utf8))
        _ = app.feature.mainQueue
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("before the ancestor's call"))
      #expect(!message.contains("after the ancestor's call"))
      #expect(message.contains("alias cycle"))
      #expect(message.contains("(the last alias was declared in AppEnvironment)"))
    }

    /// With a value of the key paths' type at hand, the keys are found (and the misuse reported)
    /// at the `aliasing` call.
    @Test func aliasingKeysOfDifferentTypesNamesTheTypes() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        AppEnvironment().with(\.name, "set").aliasing(\.numberAsText, to: \.name)
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "cannot alias DependencyKeys.Number (of type Int) to DependencyKeys.Name (of type String)"
        ))
    }

    /// With nothing of the key paths' type at hand, `aliasing` computes no default: the keys are
    /// found, and the misuse reported, at the first read of a dependency of that type below it.
    @Test func aliasingKeysOfDifferentTypesIsReportedAtTheFirstReadOfThatType() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let environment = AppEnvironment().aliasing(\.numberAsText, to: \.name)
        _ = environment.number
        FileHandle.standardError.write(Data("no report before a String read\n".utf8))
        _ = environment.name
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("no report before a String read"))
      #expect(
        message.contains(
          "cannot alias DependencyKeys.Number (of type Int) to DependencyKeys.Name (of type String)"
        ))
    }

    @Test func defaultThatReadsItsOwnKeyNamesTheKey() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = AppEnvironment().selfReading
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "the default value of DependencyKeys.SelfReading reads DependencyKeys.SelfReading itself")
      )
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
#endif

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

/// A child whose alias closes a cycle with its parent's.
private final class CycleParentEnvironment: ComposableEnvironment {
  @DerivedEnvironment<CycleChildEnvironment>(aliases: { $0.alias(\.mainQueue, to: \.feedQueue) })
  var child
}

private final class CycleChildEnvironment: ComposableEnvironment {}

extension DependencyKeys {
  /// A default that (wrongly) reads its own key, through a fresh root environment.
  struct SelfReading: DependencyKey {
    static var defaultValue: Int { AppEnvironment().selfReading + 1 }
  }
}

extension Dependencies {
  var selfReading: Int {
    get { self[DependencyKeys.SelfReading.self] }
    set { self[DependencyKeys.SelfReading.self] = newValue }
  }

  /// A `String` view of an `Int` key: aliasing it to a `String` key must be refused.
  var numberAsText: String {
    get { String(self[DependencyKeys.Number.self]) }
    set { self[DependencyKeys.Number.self] = Int(newValue) ?? 0 }
  }
}
