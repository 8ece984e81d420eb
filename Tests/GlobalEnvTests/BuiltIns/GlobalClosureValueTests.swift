import GlobalEnv
import Testing

extension DependencyKeys {
  struct GlobalLoader: DependencyKey {
    static var defaultValue: @Sendable () async throws -> Int { { 0 } }
  }
  struct GlobalParser: DependencyKey {
    static var defaultValue: @Sendable () throws -> Int { { 0 } }
  }
  struct GlobalFetcher: DependencyKey {
    static var defaultValue: @Sendable () async -> Int { { 0 } }
  }
  struct GlobalMaker: DependencyKey {
    static var defaultValue: @Sendable () -> Int { { 0 } }
  }
}

extension Dependencies {
  var globalLoader: @Sendable () async throws -> Int {
    get { self[DependencyKeys.GlobalLoader.self] }
    set { self[DependencyKeys.GlobalLoader.self] = newValue }
  }
  var globalParser: @Sendable () throws -> Int {
    get { self[DependencyKeys.GlobalParser.self] }
    set { self[DependencyKeys.GlobalParser.self] = newValue }
  }
  var globalFetcher: @Sendable () async -> Int {
    get { self[DependencyKeys.GlobalFetcher.self] }
    set { self[DependencyKeys.GlobalFetcher.self] = newValue }
  }
  var globalMaker: @Sendable () -> Int {
    get { self[DependencyKeys.GlobalMaker.self] }
    set { self[DependencyKeys.GlobalMaker.self] = newValue }
  }
}

private struct ClosureReader: GlobalDependenciesAccessing {}

/// GlobalEnv's `with(_:_:)` with closure literals of every effect, inside a scope (so that the
/// values stay in it).
@Suite struct GlobalClosureValueTests {
  @Test func closuresOfEveryEffectAreSetInAScope() async throws {
    struct Failed: Error {}
    let reader = Dependencies.withValues { _ in
    } operation: {
      ClosureReader()
        .with(\.globalLoader, { 3 })
        .with(\.globalParser, { throw Failed() })
        .with(\.globalFetcher, { 5 })
        .with(\.globalMaker, { 7 })
        .capturedClosures
    }
    #expect(try await reader.loader() == 3)
    #expect(throws: Failed.self) { try reader.parser() }
    #expect(await reader.fetcher() == 5)
    #expect(reader.maker() == 7)
  }
}

extension ClosureReader {
  /// The four closures as read in the current scope.
  fileprivate var capturedClosures: Closures {
    Closures(
      loader: self.globalLoader, parser: self.globalParser, fetcher: self.globalFetcher,
      maker: self.globalMaker)
  }
}

private struct Closures {
  let loader: @Sendable () async throws -> Int
  let parser: @Sendable () throws -> Int
  let fetcher: @Sendable () async -> Int
  let maker: @Sendable () -> Int
}
