import ComposableEnvTesting
import Foundation
import HummingbirdTesting
import Testing
import TodoCore

@Suite(.dependencyTestContext)
struct TodoAPITests {
  @Test func aCreatedTodoIsListed() async throws {
    try await TestServer().test { client in
      let created = try await client.request("/todos", .post, json: #"{"title": "Buy milk"}"#)
      #expect(created.status == .created)
      let todo = try created.decoded(as: Todo.self)
      #expect(created.headers[.init("X-Request-ID")!] == "request-1")
      #expect(
        todo
          == Todo(
            id: UUID(sequential: 1), owner: "alice", title: "Buy milk",
            createdAt: TestServer.fixedDate))
      let list = try await client.request("/todos", .get)
      #expect(try list.decoded(as: TodoList.self).todos == [todo])
    }
  }

  @Test func completingATodoMarksIt() async throws {
    try await TestServer().test { client in
      let todo = try await client.request("/todos", .post, json: #"{"title": "Write"}"#).decoded(
        as: Todo.self)
      let completed = try await client.request("/todos/\(todo.id)/complete", .patch)
      #expect(completed.status == .ok)
      #expect(try completed.decoded(as: Todo.self).isCompleted)
    }
  }

  @Test func deletingATodoRemovesIt() async throws {
    try await TestServer().test { client in
      let todo = try await client.request("/todos", .post, json: #"{"title": "Call"}"#).decoded(
        as: Todo.self)
      #expect(try await client.request("/todos/\(todo.id)", .delete).status == .noContent)
      #expect(try await client.request("/todos/\(todo.id)", .delete).status == .notFound)
      #expect(try await client.request("/todos", .get).decoded(as: TodoList.self).todos == [])
    }
  }

  @Test func anotherUsersTodoIsNotFound() async throws {
    try await TestServer().test { client in
      let todo = try await client.request("/todos", .post, json: #"{"title": "Mine"}"#).decoded(
        as: Todo.self)
      let response = try await client.request(
        "/todos/\(todo.id)/complete", .patch, token: "bob-token")
      #expect(response.status == .notFound)
      #expect(response.errorMessage == "no todo \(todo.id)")
      #expect(
        try await client.request("/todos", .get, token: "bob-token").decoded(as: TodoList.self)
          .todos == [])
    }
  }

  @Test func aRequestWithoutTokenIsUnauthorized() async throws {
    try await TestServer().test { client in
      let response = try await client.request("/todos", .get, token: nil)
      #expect(response.status == .unauthorized)
      #expect(response.errorMessage?.contains("missing bearer token") == true)
      #expect(response.headers[.wwwAuthenticate] == "Bearer")
      #expect(try await client.request("/todos", .get, token: "stolen").status == .unauthorized)
    }
  }

  @Test(arguments: [
    (#"{"title": ""}"#, "title must not be empty"),
    (#"{"title": "   "}"#, "title must not be empty"),
    (#"{"name": "x"}"#, "Coding key `title` not found."),
    (#"{"title": 7}"#, "Type mismatch for `title` key, expected `String` type."),
    ("not json", "The given data was not valid input: The given data was not valid JSON."),
    (
      #"{"title": "\#(String(repeating: "x", count: 201))"}"#,
      "title must be at most 200 characters"
    ),
  ])
  func badInputGets400WithAMessage(body: String, message: String) async throws {
    try await TestServer().test { client in
      let response = try await client.request("/todos", .post, json: body)
      #expect(response.status == .badRequest)
      #expect(response.errorMessage == message)
    }
  }

  @Test func aMalformedIDGets400() async throws {
    try await TestServer().test { client in
      let response = try await client.request("/todos/42/complete", .patch)
      #expect(response.status == .badRequest)
      #expect(response.errorMessage == "42 is not a todo id (a UUID)")
    }
  }

  @Test func theRequestIDIsEchoedAndInTheRequestsLogs() async throws {
    let server = TestServer()
    try await server.test { client in
      let response = try await client.request(
        "/todos", .post, json: #"{"title": "Log me"}"#, headers: [.init("X-Request-ID")!: "req-7"])
      #expect(response.headers[.init("X-Request-ID")!] == "req-7")
    }
    let created = server.log.all.first { $0.message == "created todo" }
    #expect(created?.metadata["request-id"] == "req-7")
  }

  @Test(arguments: ["/ping/env", "/ping/context"])
  func theLoadRoutesAnswerAlikeAndEchoTheRequestID(path: String) async throws {
    try await TestServer().test { client in
      let response = try await client.request(
        path, .get, token: nil, headers: [.init("X-Request-ID")!: "req-9"])
      #expect(response.status == .ok)
      #expect(String(buffer: response.body) == "pong")
      #expect(response.headers[.init("X-Request-ID")!] == "req-9")
    }
  }

  @Test func theLiveServerServesTheSameAPI() async throws {
    try await TestServer().test(.live) { client in
      let created = try await client.request("/todos", .post, json: #"{"title": "Over HTTP"}"#)
      #expect(created.status == .created)
      let list = try await client.request("/todos", .get)
      #expect(try list.decoded(as: TodoList.self).todos.map(\.title) == ["Over HTTP"])
    }
  }

  @Test func serversRunningInParallelKeepTheirOwnDependencies() async throws {
    try await withThrowingTaskGroup(of: [String].self) { group in
      for index in 0..<4 {
        group.addTask {
          try await TestServer().test { client in
            for item in 0..<5 {
              _ = try await client.request(
                "/todos", .post, json: #"{"title": "\#(index)-\#(item)"}"#)
            }
            return try await client.request("/todos", .get).decoded(as: TodoList.self).todos.map(
              \.title)
          }
        }
      }
      for try await titles in group {
        let prefix = titles.first?.split(separator: "-").first ?? ""
        #expect(titles.count == 5)
        #expect(titles.allSatisfy { $0.hasPrefix("\(prefix)-") })
      }
    }
  }

  @Test func aServerWithoutADatabaseFailsTheTestNamingTheStore() async throws {
    let server = TestServer(database: .unimplemented)
    await withKnownIssue {
      _ = try? await server.test { client in
        try await client.request("/todos", .get).status
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("TodoStore.list was called") }
    }
  }
}
