// Written as a swift-dependencies 1.x user writes it: only the imports differ
// (`import GlobalEnv` in place of `import Dependencies`, `import GlobalEnvTesting` in place of
// `import DependenciesTestSupport`).
import Foundation
import GlobalEnv
import GlobalEnvTesting
import Testing

/// swift-dependencies' test traits: `.dependency(\.x, value)`, `.dependency(value)` and
/// `.dependencies { }`.
@Suite struct TraitTests {
  @Test(.dependency(\.apiBaseURL, URL(string: "https://trait.example.com")!))
  func aTraitOverridesOneDependency() {
    #expect(FeatureModel().apiBaseURL == URL(string: "https://trait.example.com")!)
  }

  @Test(.dependency(Greeter { name in "Hi, \(name)." }))
  func aTraitOverridesAValueThatIsItsOwnKey() {
    #expect(FeatureModel().greeter.greet("Blob") == "Hi, Blob.")
  }

  @Test(
    .dependencies {
      $0.date.now = Date(timeIntervalSince1970: 0)
      $0.uuid = .incrementing
      $0.numberFact.fetch = { "\($0) from the trait." }
    }
  )
  func aTraitOverridesSeveralDependencies() async throws {
    let model = FeatureModel()

    try await model.addFact(about: 1)
    try await model.addFact(about: 2)

    #expect(
      model.facts == [
        Fact(id: UUID(0), text: "1 from the trait.", createdAt: Date(timeIntervalSince1970: 0)),
        Fact(id: UUID(1), text: "2 from the trait.", createdAt: Date(timeIntervalSince1970: 0)),
      ])
  }
}
