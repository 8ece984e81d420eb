// Written as a swift-dependencies 1.x user writes it: only the import differs
// (`import GlobalEnv` in place of `import Dependencies`).
import Foundation
import GlobalEnv

struct Fact: Equatable, Sendable {
  var id: UUID
  var text: String
  var createdAt: Date
}

/// A model as swift-dependencies' users write one (no `@Observable`, to need no macro).
final class FeatureModel {
  @Dependency(\.numberFact) var numberFact
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid
  @Dependency(\.continuousClock) var clock
  @Dependency(Greeter.self) var greeter
  @Dependency(\.analytics) var analytics
  @Dependency(\.apiBaseURL) var apiBaseURL
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  @Dependency(\.fireAndForget) var fireAndForget
  @Dependency(\.context) var context

  var facts: [Fact] = []

  func addFact(about number: Int) async throws {
    let text = try await numberFact.fetch(number)
    facts.append(Fact(id: uuid(), text: text, createdAt: now))
  }

  func greetAfterASecond(_ name: String) async throws -> String {
    try await clock.sleep(for: .seconds(1))
    return greeter.greet(name)
  }

  func rollDie() -> Int {
    withRandomNumberGenerator { generator in
      Int.random(in: 1...6, using: &generator)
    }
  }

  func logOut() async {
    let analytics = self.analytics
    await fireAndForget {
      await analytics.track("logOut")
    }
  }
}
