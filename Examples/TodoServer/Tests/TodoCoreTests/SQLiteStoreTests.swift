import Foundation
import SQLiteNIO
import Testing
import TodoCore

/// The SQLite store on a real (in-memory) SQLite database.
@Suite struct SQLiteStoreTests {
  @Test func insertListCompleteDelete() async throws {
    let connection = try await SQLiteConnection.open(storage: .memory)
    let store = try await TodoStore.sqlite(connection)
    let first = Todo(
      id: UUID(sequential: 1), owner: "alice", title: "one",
      createdAt: Date(timeIntervalSince1970: 1))
    let second = Todo(
      id: UUID(sequential: 2), owner: "alice", title: "two",
      createdAt: Date(timeIntervalSince1970: 2))
    let other = Todo(
      id: UUID(sequential: 3), owner: "bob", title: "bob's",
      createdAt: Date(timeIntervalSince1970: 3))
    for todo in [first, second, other] { try await store.insert(todo) }
    #expect(try await store.list("alice") == [first, second])
    #expect(try await store.complete(first.id, "alice")?.isCompleted == true)
    #expect(try await store.complete(other.id, "alice") == nil)
    #expect(try await store.delete(second.id, "alice"))
    #expect(try await !store.delete(second.id, "alice"))
    #expect(try await store.list("alice").map(\.isCompleted) == [true])
    try await connection.close()
  }
}
