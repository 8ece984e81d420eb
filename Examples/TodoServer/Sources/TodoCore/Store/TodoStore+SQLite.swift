import Foundation
import SQLiteNIO

extension TodoStore {
  /// A store in an SQLite database (a file, or `.memory`), creating its table if needed.
  public static func sqlite(_ connection: SQLiteConnection) async throws -> TodoStore {
    _ = try await connection.query(
      """
      CREATE TABLE IF NOT EXISTS todos (
        id TEXT PRIMARY KEY, owner TEXT NOT NULL, title TEXT NOT NULL,
        completed INTEGER NOT NULL, created_at REAL NOT NULL)
      """)
    return TodoStore(
      insert: { todo in
        _ = try await connection.query(
          "INSERT INTO todos (id, owner, title, completed, created_at) VALUES (?, ?, ?, ?, ?)",
          [
            .text(todo.id.uuidString), .text(todo.owner), .text(todo.title),
            .integer(todo.isCompleted ? 1 : 0), .float(todo.createdAt.timeIntervalSince1970),
          ])
      },
      list: { owner in
        try await connection.query(
          "SELECT * FROM todos WHERE owner = ? ORDER BY created_at, rowid", [.text(owner)]
        ).compactMap(Todo.init(row:))
      },
      complete: { id, owner in
        let rows = try await connection.query(
          "UPDATE todos SET completed = 1 WHERE id = ? AND owner = ? RETURNING *",
          [.text(id.uuidString), .text(owner)])
        return rows.first.flatMap(Todo.init(row:))
      },
      delete: { id, owner in
        let rows = try await connection.query(
          "DELETE FROM todos WHERE id = ? AND owner = ? RETURNING id",
          [.text(id.uuidString), .text(owner)])
        return !rows.isEmpty
      },
      close: { try await connection.close() }
    )
  }
}

extension Todo {
  /// A todo from a row of the `todos` table.
  init?(row: SQLiteRow) {
    guard let id = row.column("id")?.string.flatMap(UUID.init(uuidString:)),
      let owner = row.column("owner")?.string,
      let title = row.column("title")?.string,
      let completed = row.column("completed")?.integer,
      let created = row.column("created_at")?.double
    else { return nil }
    self.init(
      id: id, owner: owner, title: title, isCompleted: completed != 0,
      createdAt: Date(timeIntervalSince1970: created))
  }
}
