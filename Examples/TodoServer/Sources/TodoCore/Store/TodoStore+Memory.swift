import Foundation

extension TodoStore {
  /// A store in memory: for tests, and for a server started without a database file.
  public static func inMemory() -> TodoStore {
    let todos = MemoryTodos()
    return TodoStore(
      insert: { await todos.insert($0) },
      list: { await todos.list(owner: $0) },
      complete: { await todos.complete($0, owner: $1) },
      delete: { await todos.delete($0, owner: $1) }
    )
  }
}

/// The todos of an in-memory store, in insertion order.
private actor MemoryTodos {
  private var todos: [Todo] = []

  func insert(_ todo: Todo) { todos.append(todo) }

  func list(owner: String) -> [Todo] { todos.filter { $0.owner == owner } }

  func complete(_ id: UUID, owner: String) -> Todo? {
    guard let index = todos.firstIndex(where: { $0.id == id && $0.owner == owner }) else {
      return nil
    }
    todos[index].isCompleted = true
    return todos[index]
  }

  func delete(_ id: UUID, owner: String) -> Bool {
    guard let index = todos.firstIndex(where: { $0.id == id && $0.owner == owner }) else {
      return false
    }
    todos.remove(at: index)
    return true
  }
}
