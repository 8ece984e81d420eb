import ComposableEnv
import Foundation

/// Where todos are kept, as a struct of closures: SQLite in the server, memory in tests, and
/// "unimplemented" for any test that did not say which.
public struct TodoStore: Sendable {
  /// Stores a new todo.
  public var insert: @Sendable (Todo) async throws -> Void
  /// The todos of `owner`, oldest first.
  public var list: @Sendable (_ owner: String) async throws -> [Todo]
  /// Marks the todo `id` of `owner` completed and returns it; `nil` if `owner` has no such todo.
  public var complete: @Sendable (_ id: UUID, _ owner: String) async throws -> Todo?
  /// Deletes the todo `id` of `owner`; false if `owner` has no such todo.
  public var delete: @Sendable (_ id: UUID, _ owner: String) async throws -> Bool
  /// Closes the store (its database connection) when the server stops.
  public var close: @Sendable () async throws -> Void

  public init(
    insert: @escaping @Sendable (Todo) async throws -> Void,
    list: @escaping @Sendable (_ owner: String) async throws -> [Todo],
    complete: @escaping @Sendable (_ id: UUID, _ owner: String) async throws -> Todo?,
    delete: @escaping @Sendable (_ id: UUID, _ owner: String) async throws -> Bool,
    close: @escaping @Sendable () async throws -> Void = {}
  ) {
    self.insert = insert
    self.list = list
    self.complete = complete
    self.delete = delete
    self.close = close
  }

  /// Every operation fails the test that calls it.
  public static let unimplemented = TodoStore(
    insert: ComposableEnv.unimplemented("TodoStore.insert"),
    list: ComposableEnv.unimplemented("TodoStore.list"),
    complete: ComposableEnv.unimplemented("TodoStore.complete"),
    delete: ComposableEnv.unimplemented("TodoStore.delete")
  )
}
