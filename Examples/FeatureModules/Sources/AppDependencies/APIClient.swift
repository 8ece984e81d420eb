import DependencyValues
import Foundation

/// A post of the feed. `nonisolated`: in a module whose default isolation is the main actor, a
/// value type that clients build off the main actor (in their `@Sendable` endpoints) says so.
nonisolated public struct Post: Equatable, Sendable {
  public var title: String
  public var published: Date

  public init(title: String, published: Date) {
    self.title = title
    self.published = published
  }
}

/// The backend, as a struct of closures: a test replaces just the endpoints it expects. It is its
/// own dependency key (`@Dependency(APIClient.self)`), which also makes it nonisolated.
public struct APIClient: DependencyKey, Sendable {
  public var fetchPosts: @Sendable () async throws -> [Post]
  public var fetchName: @Sendable (_ userID: String) async throws -> String
  public var saveSetting: @Sendable (_ name: String, _ isOn: Bool) async throws -> Void

  public init(
    fetchPosts: @escaping @Sendable () async throws -> [Post],
    fetchName: @escaping @Sendable (_ userID: String) async throws -> String,
    saveSetting: @escaping @Sendable (_ name: String, _ isOn: Bool) async throws -> Void
  ) {
    self.fetchPosts = fetchPosts
    self.fetchName = fetchName
    self.saveSetting = saveSetting
  }

  /// A stand-in for the network: canned answers.
  public static let live = APIClient(
    fetchPosts: {
      [
        Post(title: "Hello", published: Date(timeIntervalSince1970: 1_700_000_000)),
        Post(title: "Environments", published: Date(timeIntervalSince1970: 1_700_100_000)),
      ]
    },
    fetchName: { _ in "Ada" },
    saveSetting: { _, _ in }
  )

  /// Every endpoint fails the test that calls it.
  public static let failing = APIClient(
    fetchPosts: unimplemented("APIClient.fetchPosts"),
    fetchName: unimplemented("APIClient.fetchName"),
    saveSetting: unimplemented("APIClient.saveSetting")
  )
}

extension APIClient {
  public static var defaultValue: APIClient { .live }
  public static var testValue: APIClient { .failing }
}

nonisolated extension Dependencies {
  /// The backend, as a key path, for the features that name it that way (and for aliasing
  /// another team's name to it): the same dependency as `APIClient.self`.
  public var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
