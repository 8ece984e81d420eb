// Written as a swift-dependencies 1.x user writes it, with `@DependencyClient` expanded by hand
// (this library has no macros: Migration.md, "Macros"). Only the imports differ.
import Foundation
import GlobalEnv
import GlobalEnvTesting
import Testing

// @DependencyClient
// struct TriviaClient {
//   var fetch: @Sendable (_ number: Int) async throws -> String
//   var favorite: @Sendable () -> Int = { 7 }
// }
nonisolated struct TriviaClient: Sendable {
  var fetch: @Sendable (_ number: Int) async throws -> String
  var favorite: @Sendable () -> Int
}

nonisolated extension TriviaClient: TestDependencyKey {
  /// What the macro's test value is: every endpoint unimplemented, named, a default where the
  /// declaration gives one.
  static let testValue = TriviaClient(
    fetch: unimplemented("TriviaClient.fetch"),
    favorite: unimplemented("TriviaClient.favorite", placeholder: 7)
  )
}

nonisolated extension TriviaClient: DependencyKey {
  static let liveValue = TriviaClient(
    fetch: { number in "\(number) is a good number." },
    favorite: { 42 }
  )
}

extension DependencyValues {
  nonisolated var trivia: TriviaClient {
    get { self[TriviaClient.self] }
    set { self[TriviaClient.self] = newValue }
  }
}

/// A model that reads the client, as an app's does.
@MainActor final class TriviaModel {
  @Dependency(\.trivia) var trivia
  var fact: String?

  func load(_ number: Int) async {
    fact = try? await trivia.fetch(number)
  }
}

@Suite struct HandExpandedClientTests {
  @Test(.dependencies { $0.trivia.fetch = { "\($0) is stubbed." } })
  @MainActor func anEndpointSetByTheTestIsCalled() async {
    let model = TriviaModel()
    await model.load(3)
    #expect(model.fact == "3 is stubbed.")
  }

  @Test @MainActor func anEndpointLeftUnimplementedFailsTheTestAndThrows() async {
    let model = withDependencies { _ in
    } operation: {
      TriviaModel()
    }
    await withKnownIssue {
      await model.load(3)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("TriviaClient.fetch") }
    }
    #expect(model.fact == nil)
  }

  @Test func anUnimplementedEndpointWithADefaultGivesIt() {
    withKnownIssue {
      #expect(TriviaClient.testValue.favorite() == 7)
    }
  }

  @Test func theLiveValueIsTheClientItDeclares() async throws {
    #expect(try await TriviaClient.liveValue.fetch(1) == "1 is a good number.")
  }
}
