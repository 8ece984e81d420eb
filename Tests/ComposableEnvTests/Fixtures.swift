import ComposableEnv
import TestSupport

// MARK: Keys

extension DependencyKeys {
  struct Number: LiveInTests { static var defaultValue: Int { 0 } }
  struct Name: LiveInTests { static var defaultValue: String { "default" } }

  // Three domains' names for one queue, for aliasing.
  struct MainQueue: LiveInTests { static var defaultValue: String { "main-default" } }
  struct FeedQueue: LiveInTests { static var defaultValue: String { "feed-default" } }
  struct PostQueue: LiveInTests { static var defaultValue: String { "post-default" } }
}

extension Dependencies {
  var number: Int {
    get { self[DependencyKeys.Number.self] }
    set { self[DependencyKeys.Number.self] = newValue }
  }
  var name: String {
    get { self[DependencyKeys.Name.self] }
    set { self[DependencyKeys.Name.self] = newValue }
  }
  var mainQueue: String {
    get { self[DependencyKeys.MainQueue.self] }
    set { self[DependencyKeys.MainQueue.self] = newValue }
  }
  var feedQueue: String {
    get { self[DependencyKeys.FeedQueue.self] }
    set { self[DependencyKeys.FeedQueue.self] = newValue }
  }
  var postQueue: String {
    get { self[DependencyKeys.PostQueue.self] }
    set { self[DependencyKeys.PostQueue.self] = newValue }
  }
}

// MARK: Environments

/// The root of most test trees.
final class AppEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.number) var number
  @Dependency(\.name) var name
  @Dependency(\.mainQueue) var mainQueue
  @DerivedEnvironment<FeatureEnvironment> var feature
  @DerivedEnvironment<FeatureEnvironment> var sibling
  @DerivedEnvironment var inlineOverride = FeatureEnvironment().with(\.number, 42)
  @DerivedEnvironment<FeedEnvironment>(aliases: { $0.alias(\.feedQueue, to: \.mainQueue) })
  var feed
}

/// A child; also a chain link, so that trees of any depth can be built from it.
final class FeatureEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.number) var number
  @Dependency(\.name) var name
  @DerivedEnvironment<FeatureEnvironment> var next
}

/// A domain that calls the main queue `feedQueue`.
final class FeedEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.feedQueue) var feedQueue
  @DerivedEnvironment<PostEnvironment>(aliases: { $0.alias(\.postQueue, to: \.feedQueue) })
  var post
  @DerivedEnvironment<FeatureEnvironment> var plain
}

/// A domain that calls it `postQueue`.
final class PostEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.postQueue) var postQueue
}

/// Recursive environments: each derives the other.
final class PingEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.number) var number
  @DerivedEnvironment<PongEnvironment> var pong
}

final class PongEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.number) var number
  @DerivedEnvironment<PingEnvironment> var ping
}

extension FeatureEnvironment {
  /// The descendant `depth` levels below this environment, through `next`.
  func descendant(_ depth: Int) -> FeatureEnvironment {
    (0..<depth).reduce(self) { environment, _ in environment.next }
  }
}

// MARK: Counting defaults

// Each counting test has a key of its own, so that tests running in parallel do not share counts.
enum DefaultCounters {
  static let perRoot = Counter()
  static let concurrent = Counter()
}

extension DependencyKeys {
  struct CountedPerRoot: LiveInTests {
    static var defaultValue: Int {
      DefaultCounters.perRoot.increment()
      return 7
    }
  }
  struct CountedConcurrently: LiveInTests {
    static var defaultValue: Int {
      DefaultCounters.concurrent.increment()
      return 8
    }
  }
}

extension Dependencies {
  var countedPerRoot: Int {
    get { self[DependencyKeys.CountedPerRoot.self] }
    set { self[DependencyKeys.CountedPerRoot.self] = newValue }
  }
  var countedConcurrently: Int {
    get { self[DependencyKeys.CountedConcurrently.self] }
    set { self[DependencyKeys.CountedConcurrently.self] = newValue }
  }
}
