import DependencyValues
import _EnvironmentCore

extension ComposableEnvironment {
  /// Declares a child environment that inherits the dependencies of the enclosing one.
  ///
  /// The child is created on first access, then cached: `parent.child === parent.child`.
  ///
  /// ```swift
  /// final class AppEnvironment: ComposableEnvironment {
  ///   // A child created with `FeedEnvironment()`.
  ///   @DerivedEnvironment<FeedEnvironment> var feed
  ///   // A child that sets a value of its own.
  ///   @DerivedEnvironment var settings = SettingsEnvironment().with(\.analytics, .disabled)
  ///   // A child with aliases between its domain's names and the parent's.
  ///   @DerivedEnvironment<PostEnvironment>(aliases: { $0.alias(\.postQueue, to: \.mainQueue) })
  ///   var post
  /// }
  /// ```
  ///
  /// Environments may be recursive (`A` derives `B` derives `A`): children are only created when
  /// first read.
  ///
  /// The wrapper is a member of ``ComposableEnvironment``, so that `@DerivedEnvironment` names it
  /// inside an environment class and, anywhere else, names a wrapper that only says, at the
  /// property's line, that the property belongs in an environment (``DerivedEnvironment``).
  /// `Environment` is unconstrained so that deriving a `GlobalEnv` environment can be reported at
  /// the property's line too: its initializers require a ``ComposableEnvironment``.
  @propertyWrapper
  public final class DerivedEnvironment<Environment> {
    /// How to make the child, when it is not `Environment()` with no alias. (One optional
    /// reference, so that the common wrapper stays small: every environment has one per property.)
    private let recipe: DerivationRecipe<Environment>?
    /// The child: not yet created, being created, or created. Guarded by the enclosing
    /// environment's lock.
    @exclusivity(unchecked) fileprivate var state: OnceState = .idle

    /// Declares a child created with `Environment()`.
    ///
    /// ```swift
    /// @DerivedEnvironment<FeedEnvironment> var feed
    /// ```
    public init() where Environment: ComposableEnvironment { recipe = nil }

    /// Declares a child created from `wrappedValue`, evaluated on first access.
    ///
    /// ```swift
    /// @DerivedEnvironment var feed = FeedEnvironment().with(\.pageSize, 20)
    /// ```
    public init(wrappedValue: @autoclosure @escaping () -> Environment)
    where Environment: ComposableEnvironment {
      recipe = DerivationRecipe(make: wrappedValue, aliases: AliasBuilder())
    }

    /// Declares a child created with `Environment()`, with aliases declared on it (none when
    /// `aliases` is `nil`, as swift-composable-environment 0.5 allowed).
    ///
    /// ```swift
    /// @DerivedEnvironment<FeedEnvironment>(aliases: { $0.alias(\.feedQueue, to: \.mainQueue) })
    /// var feed
    /// ```
    public init(aliases: ((AliasBuilder<Environment>) -> AliasBuilder<Environment>)?)
    where Environment: ComposableEnvironment {
      recipe = aliases.map { DerivationRecipe(make: nil, aliases: $0(AliasBuilder())) }
    }

    /// Declares a child created with `Environment()`, with the aliases that the statements of
    /// `aliases` declare on it, one or several.
    ///
    /// ```swift
    /// @DerivedEnvironment<FeedEnvironment>(aliases: {
    ///   $0.alias(\.feedQueue, to: \.mainQueue)
    ///   $0.alias(\.feedClock, to: \.clock)
    /// })
    /// var feed
    /// ```
    public init(
      @AliasBuilder<Environment> aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>
    ) where Environment: ComposableEnvironment {
      recipe = DerivationRecipe(make: nil, aliases: aliases(AliasBuilder()))
    }

    /// Declares a child created from `wrappedValue` (evaluated on first access), with aliases
    /// declared on it.
    ///
    /// ```swift
    /// @DerivedEnvironment(aliases: { $0.alias(\.feedQueue, to: \.mainQueue) })
    /// var feed = FeedEnvironment().with(\.pageSize, 20)
    /// ```
    public init(
      wrappedValue: @autoclosure @escaping () -> Environment,
      aliases: ((AliasBuilder<Environment>) -> AliasBuilder<Environment>)?
    ) where Environment: ComposableEnvironment {
      recipe = DerivationRecipe(
        make: wrappedValue, aliases: aliases.map { $0(AliasBuilder()) } ?? AliasBuilder())
    }

    /// Declares a child created from `wrappedValue` (evaluated on first access), with the aliases
    /// that the statements of `aliases` declare on it.
    ///
    /// ```swift
    /// @DerivedEnvironment(aliases: {
    ///   $0.alias(\.feedQueue, to: \.mainQueue)
    ///   $0.alias(\.feedClock, to: \.clock)
    /// })
    /// var feed = FeedEnvironment().with(\.pageSize, 20)
    /// ```
    public init(
      wrappedValue: @autoclosure @escaping () -> Environment,
      @AliasBuilder<Environment> aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>
    ) where Environment: ComposableEnvironment {
      recipe = DerivationRecipe(make: wrappedValue, aliases: aliases(AliasBuilder()))
    }

    /// Unavailable: a derived environment inherits from the environment that declares it.
    ///
    /// ```swift
    /// struct AppModel { @DerivedEnvironment<FeedEnvironment> var feed }  // error
    /// ```
    @available(
      *, unavailable,
      message: """
        @DerivedEnvironment can only be declared in a subclass of ComposableEnvironment. \
        Move the property into your environment class.
        """
    )
    public var wrappedValue: Environment { fatalError("unavailable") }

    /// Returns the child of the environment that declares the property, creating it on first use.
    ///
    /// Called by the compiler for `@DerivedEnvironment` properties of ``ComposableEnvironment``
    /// subclasses:
    ///
    /// ```swift
    /// final class AppEnvironment: ComposableEnvironment {
    ///   @DerivedEnvironment<FeedEnvironment> var feed
    /// }
    /// AppEnvironment().feed  // created and cached through this subscript
    /// ```
    ///
    /// Inlined into the property's getter, where `storageKeyPath` is a literal: the compiler then
    /// reads the wrapper directly instead of applying a key path at run time.
    @inlinable
    public static subscript<Parent: ComposableEnvironment>(
      _enclosingInstance parent: Parent, wrapped wrappedKeyPath: KeyPath<Parent, Environment>,
      storage storageKeyPath: KeyPath<Parent, DerivedEnvironment>
    ) -> Environment where Environment: ComposableEnvironment {
      @inline(__always) get { parent[keyPath: storageKeyPath].child(of: parent) }
    }

    /// The child of `parent` (the environment that declares this property), made on first use.
    @usableFromInline
    package func child(of parent: ComposableEnvironment) -> Environment
    where Environment: ComposableEnvironment {
      parent.derive(
        Environment.self,
        state: { body in parent.node.withLock { _ in body(&state) } },
        make: { recipe?.make?() ?? Environment() },
        configure: { child in
          for declare in self.recipe?.aliases.declarations ?? [] { declare(child) }
        })
    }

    deinit {
      // Release the child one by one rather than recursively (a chain may be very long).
      if case .done = state { DeferredRelease.release { state.takeValue() } }
    }
  }
}

/// A `DerivedEnvironment` of any child type, for diagnostics that list an environment's children.
protocol AnyDerivedEnvironment: AnyObject {
  /// The child, if it was created. Read under the enclosing environment's lock.
  var createdEnvironment: ComposableEnvironment? { get }
}

extension ComposableEnvironment.DerivedEnvironment: AnyDerivedEnvironment {
  var createdEnvironment: ComposableEnvironment? {
    state.madeValue.map { unsafeDowncast($0, to: ComposableEnvironment.self) }
  }
}

/// How a ``ComposableEnvironment/DerivedEnvironment`` makes its child: the property's initial-value expression (or
/// `Environment()`), and the aliases to declare on the child.
private final class DerivationRecipe<Environment> {
  let make: (() -> Environment)?
  let aliases: AliasBuilder<Environment>

  init(make: (() -> Environment)?, aliases: AliasBuilder<Environment>) {
    self.make = make
    self.aliases = aliases
  }
}
