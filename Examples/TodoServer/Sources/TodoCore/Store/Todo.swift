import Foundation

/// A todo of one user.
public struct Todo: Codable, Equatable, Sendable {
  public var id: UUID
  public var owner: String
  public var title: String
  public var isCompleted: Bool
  public var createdAt: Date

  public init(id: UUID, owner: String, title: String, isCompleted: Bool = false, createdAt: Date) {
    self.id = id
    self.owner = owner
    self.title = title
    self.isCompleted = isCompleted
    self.createdAt = createdAt
  }
}
