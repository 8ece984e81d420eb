// Compiled copy of snippets from the DocC article Lifetimes.md; keep them identical
// (SnippetsAreCompiledTests checks).
import ComposableEnv
import Testing

final class ServerEnvironment: ComposableEnvironment {
  @Dependency(\.logger) var logger
}

@Test func theAppEnvironmentIsMadeOnce() {
  let server = ServerEnvironment().with(\.logger, "server")
  #expect(handle(requestID: "7", on: server) == "server [7]")
  #expect(server.logger == "server")
}

final class ListEnvironment: ComposableEnvironment {}
final class RowEnvironment: ComposableEnvironment {
  @Dependency(\.logger) var logger
}

@Test func rowsAreDroppedExplicitly() {
  let list = ListEnvironment()
  let row = list.derived(RowEnvironment.self, id: 42)
  // … the row scrolls away for good:
  list.removeDerived(RowEnvironment.self, id: 42)
  #expect(list.derived(RowEnvironment.self, id: 42) !== row)
}

final class RequestEnvironment: ComposableEnvironment {
  @Dependency(\.logger) var logger
}

func handle(requestID: String, on server: ServerEnvironment) -> String {
  let request = server.makeChild(RequestEnvironment.self)
    .with(\.logger, "server [\(requestID)]")
  return request.logger
}  // the request environment is released here
