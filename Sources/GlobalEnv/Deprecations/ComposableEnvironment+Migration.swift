import _EnvironmentCore

// ComposableEnv's `ComposableEnvironment` has the same members for deriving children. Here there
// is no tree: a child is made with `Child()` and reads the process-wide values.
/// A migration shim for code written against `ComposableEnv`: in `GlobalEnv`, environments are
/// types conforming to `GlobalEnvironment`, and every dependency is process-wide.
///
/// ```swift
/// // Written for ComposableEnv; builds against GlobalEnv unchanged:
/// final class AppEnvironment: ComposableEnvironment {
///   @Dependency(\.apiClient) var apiClient
///   @DerivedEnvironment<FeedEnvironment> var feed
/// }
/// ```
@available(
  *, deprecated,
  message: """
    GlobalEnv has no environment tree: conform to GlobalEnvironment instead \
    (`struct AppEnvironment: GlobalEnvironment`). Behaviour changes: every value is process-wide, \
    so a value set with `with` on a child (a mid-chain override) now applies everywhere, aliases \
    are process-wide, and `derived` children read the same values as their parent. If your tree \
    relies on mid-chain overrides, keep using ComposableEnv.
    """
)
open class ComposableEnvironment: GlobalEnvironment {
  /// Children created by `derived(_:)` and `derived(_:id:)`, by type and id, each made once.
  private let children = DerivedChildren()

  /// Creates the environment. Its dependencies are the process-wide ones.
  ///
  /// ```swift
  /// let environment = AppEnvironment()
  /// ```
  public required init() {}

  /// The child of type `Child`, created on first use and cached. In `GlobalEnv` it reads the
  /// same process-wide values as this environment.
  ///
  /// ```swift
  /// let settings = app.derived(SettingsEnvironment.self)
  /// ```
  public func derived<Child: ComposableEnvironment>(_ type: Child.Type) -> Child {
    derivedChild(Child.self, id: nil)
  }

  /// The child of type `Child` for `id`, created on first use and cached. In `GlobalEnv` it reads
  /// the same process-wide values as this environment.
  ///
  /// ```swift
  /// let row = feed.derived(PostEnvironment.self, id: post.id)
  /// ```
  public func derived<Child: ComposableEnvironment, ID: Hashable & Sendable>(
    _ type: Child.Type, id: ID
  ) -> Child {
    derivedChild(Child.self, id: AnyHashable(id))
  }

  /// A new child environment of type `Child`, made on each call and not kept by this
  /// environment. In `GlobalEnv` it reads the same process-wide values as this environment.
  ///
  /// ```swift
  /// let request = app.makeChild(RequestEnvironment.self)
  /// ```
  public func makeChild<Child: ComposableEnvironment>(_ type: Child.Type) -> Child { Child() }

  /// Drops the cached child of type `Child` for `id`, if there is one; returns whether one was
  /// cached.
  ///
  /// ```swift
  /// feed.removeDerived(PostEnvironment.self, id: post.id)
  /// ```
  @discardableResult
  public func removeDerived<Child: ComposableEnvironment, ID: Hashable & Sendable>(
    _ type: Child.Type, id: ID
  ) -> Bool {
    children.remove(type, id: AnyHashable(id))
  }

  /// Drops the cached child of type `Child` made by `derived(_:)`, if there is one; returns
  /// whether one was cached.
  ///
  /// ```swift
  /// app.removeDerived(OnboardingEnvironment.self)
  /// ```
  @discardableResult
  public func removeDerived<Child: ComposableEnvironment>(_ type: Child.Type) -> Bool {
    children.remove(type, id: nil)
  }

  private func derivedChild<Child: ComposableEnvironment>(
    _ type: Child.Type, id: AnyHashable?
  ) -> Child {
    children.child(type, id: id) { access in
      let child = Once.value(
        of: .derivation(child: Child.self, parent: Self.self), in: .current, access: access,
        make: { Child() })
      return unsafeDowncast(child, to: Child.self)
    }
  }
}
