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
  /// The child: not yet created, being created, or created.
  private let state = LockedValue<OnceState>.make(.idle)

  /// Declares a child created with `Environment()`.
  ///
  /// ```swift
  /// @DerivedEnvironment<FeedEnvironment> var feed
  /// ```
  public convenience init() { self.init(wrappedValue: Environment()) }

  /// Declares a child created from `wrappedValue`, evaluated on first access.
  ///
  /// ```swift
  /// @DerivedEnvironment var feed = FeedEnvironment()
  /// ```
  public init(wrappedValue: @autoclosure @escaping () -> Environment) {
    make = wrappedValue
    aliases = AliasBuilder()
  }

  /// Declares a child created with `Environment()`, with aliases declared when it is created
  /// (none when `aliases` is `nil`, as swift-composable-environment 0.5 allowed).
  ///
  /// ```swift
  /// @DerivedEnvironment<FeedEnvironment>(aliases: { $0.alias(\.feedQueue, to: \.mainQueue) })
  /// var feed
  /// ```
  public convenience init(aliases: ((AliasBuilder<Environment>) -> AliasBuilder<Environment>)?) {
    self.init(wrappedValue: Environment(), aliases: aliases)
  }

  /// Declares a child created with `Environment()`, with the aliases that the statements of
  /// `aliases` declare when it is created, one or several.
  ///
  /// ```swift
  /// @DerivedEnvironment<FeedEnvironment>(aliases: {
  ///   $0.alias(\.feedQueue, to: \.mainQueue)
  ///   $0.alias(\.feedClock, to: \.clock)
  /// })
  /// var feed
  /// ```
  public convenience init(
    @AliasBuilder<Environment> aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>
  ) {
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
    aliases: ((AliasBuilder<Environment>) -> AliasBuilder<Environment>)?
  ) {
    make = wrappedValue
    self.aliases = aliases.map { $0(AliasBuilder()) } ?? AliasBuilder()
  }

  /// Declares a child created from `wrappedValue` (evaluated on first access), with the aliases
  /// that the statements of `aliases` declare when it is created.
  ///
  /// ```swift
  /// @DerivedEnvironment(aliases: {
  ///   $0.alias(\.feedQueue, to: \.mainQueue)
  ///   $0.alias(\.feedClock, to: \.clock)
  /// })
  /// var feed = FeedEnvironment()
  /// ```
  public init(
    wrappedValue: @autoclosure @escaping () -> Environment,
    @AliasBuilder<Environment> aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>
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
    let created = Once.value(
      of: .derivation(child: Environment.self, parent: nil), in: .current,
      access: { body in state.withLock { body(&$0) } },
      make: {
        let created = make()
        for declare in aliases.declarations { declare() }
        return Box(created)
      })
    return Box<Environment>.unbox(created)
  }

  deinit {
    // Release the child one by one rather than recursively (a chain may be very long).
    DeferredRelease.release { state.withLock { $0.takeValue() } }
  }
}

extension DerivedEnvironment: @unchecked Sendable where Environment: Sendable {}
