// Compiled copy of a snippet from Migration.md; keep it identical (SnippetsAreCompiledTests checks).
import GlobalEnv  // was: import Dependencies

struct NumberClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberClient: DependencyKey {
  static let liveValue = NumberClient { "\($0) is a number." }
  static let testValue = NumberClient(fetch: unimplemented("NumberClient.fetch"))
}

extension DependencyValues {
  var numberClient: NumberClient {
    get { self[NumberClient.self] }
    set { self[NumberClient.self] = newValue }
  }
}

final class NumberModel {
  @Dependency(\.numberClient) var numberClient
  @Dependency(\.date.now) var now
}
