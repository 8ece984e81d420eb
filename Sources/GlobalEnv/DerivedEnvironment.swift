import DependencyValues
import _EnvironmentCore

/// Declares a child environment, created on first access and cached.
///
/// In `GlobalEnv` every environment sees the same process-wide values; a derived environment
/// exists for source compatibility with `ComposableEnv` and to declare aliases when it is created.
///
/// ```swift
/// struct AppEnvironment: GlobalEnvironment {
///   @DerivedEnvironment<FeedEnvironment> var feed
///   @DerivedEnvironment<PostEnvironment>(aliases: { $0.alias(\.postQueue, to: \.mainQueue) })
///   var post
/// }
/// ```
@propertyWrapper
public final class DerivedEnvironment<Environment: GlobalEnvironment> {
  private let make: () -> Environment
  private let aliases: AliasBuilder<Environment>
  /// The child, once created.
  private let environment = LockedValue<Environment?>.make(nil)

  /// Declares a child created with `Environment()`.
  ///
  /// ```swift
  /// @DerivedEnvironment<FeedEnvironment> var feed
  /// ```
  public convenience init() {
    self.init(wrappedValue: Environment())
  }

  /// Declares a child created from `wrappedValue`, evaluated on first access.
  ///
  /// ```swift
  /// @DerivedEnvironment var feed = FeedEnvironment()
  /// ```
  public init(wrappedValue: @autoclosure @escaping () -> Environment) {
    make = wrappedValue
    aliases = AliasBuilder()
  }

  /// Declares a child created with `Environment()`, with aliases declared when it is created.
  ///
  /// ```swift
  /// @DerivedEnvironment<FeedEnvironment>(aliases: { $0.alias(\.feedQueue, to: \.mainQueue) })
  /// var feed
  /// ```
  public convenience init(aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>) {
    self.init(wrappedValue: Environment(), aliases: aliases)
  }

  /// Declares a child created from `wrappedValue` (evaluated on first access), with aliases
  /// declared when it is created.
  ///
  /// ```swift
  /// @DerivedEnvironment(aliases: { $0.alias(\.feedQueue, to: \.mainQueue) })
  /// var feed = FeedEnvironment()
  /// ```
  public init(
    wrappedValue: @autoclosure @escaping () -> Environment,
    aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>
  ) {
    make = wrappedValue
    self.aliases = aliases(AliasBuilder())
  }

  /// The child environment, created (and its aliases declared) on first access.
  ///
  /// ```swift
  /// let feed = AppEnvironment().feed
  /// ```
  public var wrappedValue: Environment {
    deriveOnce(
      cached: { environment.withLock { $0 } },
      create: {
        let created = make()
        for declare in aliases.declarations { declare() }
        environment.withLock { $0 = created }
        return created
      }
    )
  }
}

extension DerivedEnvironment: @unchecked Sendable where Environment: Sendable {}
