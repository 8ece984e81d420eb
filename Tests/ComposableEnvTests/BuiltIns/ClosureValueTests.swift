import ComposableEnv
import Testing

extension DependencyKeys {
  struct Loader: DependencyKey {
    static var defaultValue: @Sendable () async throws -> Int { { 0 } }
  }
  struct Parser: DependencyKey {
    static var defaultValue: @Sendable () throws -> Int { { 0 } }
  }
  struct Fetcher: DependencyKey {
    static var defaultValue: @Sendable () async -> Int { { 0 } }
  }
}

extension Dependencies {
  var loader: @Sendable () async throws -> Int {
    get { self[DependencyKeys.Loader.self] }
    set { self[DependencyKeys.Loader.self] = newValue }
  }
  var parser: @Sendable () throws -> Int {
    get { self[DependencyKeys.Parser.self] }
    set { self[DependencyKeys.Parser.self] = newValue }
  }
  var fetcher: @Sendable () async -> Int {
    get { self[DependencyKeys.Fetcher.self] }
    set { self[DependencyKeys.Fetcher.self] = newValue }
  }
}

private final class ClosureRoot: ComposableEnvironment {}

/// `with(_:_:)` with closure literals of every effect: each is set as written.
@Suite struct ClosureValueTests {
  @Test func anAsyncThrowingClosureIsSet() async throws {
    let environment = ClosureRoot().with(\.loader, { 3 })
    #expect(try await environment.loader() == 3)
  }

  @Test func aThrowingClosureIsSet() throws {
    struct Failed: Error {}
    let environment = ClosureRoot().with(\.parser, { throw Failed() })
    #expect(throws: Failed.self) { try environment.parser() }
  }

  @Test func anAsyncClosureIsSet() async {
    let environment = ClosureRoot().with(\.fetcher, { 5 })
    #expect(await environment.fetcher() == 5)
  }
}
