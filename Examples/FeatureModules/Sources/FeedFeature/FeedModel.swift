import AppDependencies

/// The feed's logic: the titles of the posts, newest first.
public struct FeedModel: Sendable {
  let environment: FeedEnvironment

  public init(environment: FeedEnvironment) {
    self.environment = environment
  }

  /// Loads the posts and returns their titles, newest first.
  public func titles() async throws -> [String] {
    let posts = try await environment.apiClient.fetchPosts()
    environment.logger.log("loaded \(posts.count) posts")
    return posts.sorted { $0.published > $1.published }.map(\.title)
  }
}
