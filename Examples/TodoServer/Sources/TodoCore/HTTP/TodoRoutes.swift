import Foundation
import HTTPTypes
import Hummingbird

/// The todo API: create, list, complete and delete the authenticated user's todos. Handlers read
/// only from the request's environment.
enum TodoRoutes {
  static func add(to group: RouterGroup<TodoRequestContext>) {
    group.post(use: create)
    group.get(use: list)
    group.patch(":id/complete", use: complete)
    group.delete(":id", use: delete)
  }

  /// `POST /todos {"title": "…"}` → 201 and the todo.
  @Sendable static func create(_ request: Request, context: TodoRequestContext) async throws
    -> EditedResponse<Todo>
  {
    let environment = try context.requestEnvironment
    // A body that is not a `NewTodo` gets 400 with what is wrong (Hummingbird's decoding).
    let body = try await request.decode(as: NewTodo.self, context: context)
    let title = body.title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else { throw HTTPError(.badRequest, message: "title must not be empty") }
    guard title.count <= NewTodo.maximumTitleLength else {
      throw HTTPError(
        .badRequest, message: "title must be at most \(NewTodo.maximumTitleLength) characters")
    }
    let todo = Todo(
      id: environment.makeUUID(), owner: try user(of: environment), title: title,
      createdAt: environment.now())
    try await environment.database.insert(todo)
    environment.logger.info("created todo", metadata: ["todo": "\(todo.id)"])
    return EditedResponse(status: .created, response: todo)
  }

  /// `GET /todos` → the user's todos, oldest first.
  @Sendable static func list(_ request: Request, context: TodoRequestContext) async throws
    -> TodoList
  {
    let environment = try context.requestEnvironment
    return TodoList(todos: try await environment.database.list(try user(of: environment)))
  }

  /// `PATCH /todos/:id/complete` → the completed todo, or 404.
  @Sendable static func complete(_ request: Request, context: TodoRequestContext) async throws
    -> Todo
  {
    let environment = try context.requestEnvironment
    let id = try todoID(in: context)
    guard let todo = try await environment.database.complete(id, try user(of: environment)) else {
      throw HTTPError(.notFound, message: "no todo \(id)")
    }
    environment.logger.info("completed todo", metadata: ["todo": "\(id)"])
    return todo
  }

  /// `DELETE /todos/:id` → 204, or 404.
  @Sendable static func delete(_ request: Request, context: TodoRequestContext) async throws
    -> HTTPResponse.Status
  {
    let environment = try context.requestEnvironment
    let id = try todoID(in: context)
    guard try await environment.database.delete(id, try user(of: environment)) else {
      throw HTTPError(.notFound, message: "no todo \(id)")
    }
    environment.logger.info("deleted todo", metadata: ["todo": "\(id)"])
    return .noContent
  }

  /// The authenticated user (set by `AuthMiddleware`).
  private static func user(of environment: RequestEnvironment) throws -> String {
    guard let user = environment.currentUser else {
      throw HTTPError(.unauthorized, message: "not authenticated")
    }
    return user
  }

  /// The `:id` of the path, a UUID.
  private static func todoID(in context: TodoRequestContext) throws -> UUID {
    let text = try context.parameters.require("id")
    guard let id = UUID(uuidString: text) else {
      throw HTTPError(.badRequest, message: "\(text) is not a todo id (a UUID)")
    }
    return id
  }
}

/// The body of `POST /todos`.
struct NewTodo: Decodable {
  static let maximumTitleLength = 200
  var title: String
}

/// The body of `GET /todos`.
public struct TodoList: ResponseEncodable, Decodable, Sendable {
  public var todos: [Todo]
}

extension Todo: ResponseEncodable {}
