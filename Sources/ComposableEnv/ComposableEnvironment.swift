import DependencyValues
import _EnvironmentCore

/// The base class of environments that pass dependencies down a tree, the way SwiftUI passes
/// `EnvironmentValues` down a view tree.
///
/// Subclass it, expose dependencies with ``ComposableEnvironment/Dependency`` and child environments with
/// ``ComposableEnvironment/DerivedEnvironment``:
///
/// ```swift
/// final class AppEnvironment: ComposableEnvironment {
///   @Dependency(\.apiClient) var apiClient
///   @DerivedEnvironment<FeedEnvironment> var feed
/// }
///
/// let app = AppEnvironment().with(\.apiClient, .live)
/// app.feed.apiClient  // .live, inherited from `app`
/// ```
///
/// A value set with ``with(_:_:)-(_,Value)`` applies to the environment and all its descendants, present
/// and future, never to its parent or siblings; the nearest value wins. A dependency that no
/// ancestor sets reads its key's `defaultValue`, computed once per root environment.
///
/// ## Ownership
/// An environment owns its derived children (they are cached, so `parent.child === parent.child`)
/// and an internal node; a node owns its parent's node and nothing else. Children do not own their
/// parent environment, so releasing a root releases the whole tree, and a child that outlives its
/// root keeps reading the values it inherited.
///
/// ## Thread safety
/// Reads, writes, aliasing and derivation are safe from any thread. The class is not `Sendable`
/// so that your subclasses compile without warnings; to share an environment across isolation
/// domains, restate the conformance on your final subclass:
///
/// ```swift
/// final class FeatureEnvironment: ComposableEnvironment, @unchecked Sendable {
///   @Dependency(\.clock) var clock
/// }
/// ```
///
/// That is sound as long as the subclass adds no unsynchronized mutable state of its own.
@dynamicMemberLookup
nonisolated open class ComposableEnvironment {
  /// This environment's place in the tree. A `let`: a read borrows it, with no retain (a `var`
  /// cost every cached read a retain and a release, 56 instructions to 106).
  @usableFromInline package let node: Node

  /// Creates a root environment: every dependency reads its default until you set it.
  ///
  /// ```swift
  /// let environment = AppEnvironment()
  ///   .with(\.mainQueue, .main)
  /// ```
  ///
  /// When the environment is being derived (by ``ComposableEnvironment/DerivedEnvironment`` or ``derived(_:)``), it
  /// is created as a child of its parent instead, so that code in a subclass's initializer
  /// already reads the parent's values.
  public required init() { node = .make(for: Self.self) }

  deinit {
    // A cached composed client may hold the node: break that cycle (see `dropCachedReads`). The
    // storage is lent as loaded here, unretained: a copy would count as a second holder.
    Node.dropCachedReadsIfShared(lending: Unmanaged.passUnretained(node.storage))
    // Release children after this deinit returns rather than within it (a chain of derived
    // environments may be very long): each child's own deinit does the same.
    DeferredRelease.release { node.takeDerivedChildren() }
  }

  /// Reads or sets a dependency on this environment.
  ///
  /// Setting has the same effect as ``with(_:_:)-(_,Value)``: the value applies to this environment and its
  /// descendants.
  ///
  /// ```swift
  /// environment[\.mainQueue] = .immediate
  /// let queue = environment[\.mainQueue]
  /// ```
  ///
  /// `fileID`, `filePath`, `line` and `column` are where a test failure of the read is recorded:
  /// leave them to their defaults, the line of the read.
  public subscript<Value>(
    _ keyPath: WritableKeyPath<Dependencies, Value>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Value {
    @inlinable get {
      node.read(
        keyPath, from: ReadSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    set { node.write(keyPath, newValue) }
  }

  /// Reads a dependency directly as a member of the environment.
  ///
  /// ```swift
  /// let queue = environment.mainQueue
  /// ```
  ///
  /// A member lookup takes no argument but the key path, so it cannot say where it is written: a
  /// test failure of the read is recorded at the read around it, if any (a `@Dependency` whose
  /// default reads it), else at the running test's declaration. The subscript,
  /// `environment[\.mainQueue]`, is recorded at its own line.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<Dependencies, Value>) -> Value {
    node.read(keyPath, from: nil)
  }

  /// Sets a dependency for this environment and all its descendants, present and future.
  ///
  /// The parent and siblings are not affected, and a descendant that sets its own value keeps it.
  /// Values set after the tree was read are seen by the next read.
  ///
  /// ```swift
  /// let environment = AppEnvironment()
  ///   .with(\.apiClient, .mock)
  ///   .with(\.mainQueue, .immediate)
  /// ```
  @discardableResult
  public func with<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>, _ value: Value) -> Self {
    node.write(keyPath, value)
    return self
  }

  /// Makes two dependencies one, for this environment and its descendants.
  ///
  /// Use it when two domains declare the same dependency under different names. Setting either
  /// sets both, and a read returns the nearest value set for either. With neither set, both read
  /// `reference`'s default; for a chain of aliases, the default of the key at the end of the
  /// chain.
  ///
  /// ```swift
  /// let app = AppEnvironment()
  ///   .aliasing(\.feedMainQueue, to: \.mainQueue)
  ///   .with(\.mainQueue, .main)
  /// app.feed.feedMainQueue  // .main
  /// ```
  ///
  /// Aliases never apply to the parent, siblings or other trees. An alias cycle, aliasing a key to
  /// itself, or aliasing one key into two groups stops the program with a message naming the keys.
  ///
  /// - Parameters:
  ///   - dependency: The dependency that becomes an alias.
  ///   - reference: The dependency it is aliased to, which provides the default value.
  ///   - fileID: Where the call is, for the message of a misuse (by default, the caller's file).
  ///   - line: Where the call is, for the message of a misuse (by default, the caller's line).
  @discardableResult
  public func aliasing<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    node.alias(dependency, to: reference, at: AliasSite(fileID: fileID, line: line))
    return self
  }

  /// The child environment of type `Child`, created on first use and cached.
  ///
  /// For hosts that build their children at run time; the child inherits this environment's
  /// dependencies like a ``ComposableEnvironment/DerivedEnvironment`` does.
  ///
  /// ```swift
  /// let settings = app.derived(SettingsEnvironment.self)
  /// settings === app.derived(SettingsEnvironment.self)  // true
  /// ```
  public func derived<Child: ComposableEnvironment>(_ type: Child.Type) -> Child {
    derivedChild(Child.self, id: nil)
  }

  /// The child environment of type `Child` for `id`, created on first use and cached.
  ///
  /// Use it when a parent has several children of one type, such as one per list row:
  ///
  /// ```swift
  /// let row = feed.derived(PostEnvironment.self, id: post.id)
  /// row === feed.derived(PostEnvironment.self, id: post.id)  // true
  /// ```
  public func derived<Child: ComposableEnvironment, ID: Hashable & Sendable>(
    _ type: Child.Type, id: ID
  ) -> Child {
    derivedChild(Child.self, id: AnyHashable(id))
  }

  /// A new child environment of type `Child`, made on each call and not kept by this environment:
  /// it lives as long as you hold it. For short-lived work — an HTTP request, a background job.
  ///
  /// ```swift
  /// func handle(_ request: Request) async throws -> Response {
  ///   let environment = app.makeChild(RequestEnvironment.self)
  ///     .with(\.requestID, request.id)
  ///   return try await environment.handler.respond(to: request)
  /// }  // the request environment is released here
  /// ```
  ///
  /// The child inherits this environment's dependencies like a ``ComposableEnvironment/DerivedEnvironment`` does (its
  /// initializer already reads them), and its reads, overrides, aliases and diagnostics behave as
  /// for a cached child. It holds its parent, never the reverse.
  public func makeChild<Child: ComposableEnvironment>(_ type: Child.Type) -> Child {
    let child = ThreadContext.withCurrent { node.deriving(Child.self, in: $0) { Child() } }
    assert(child.node.isChild(of: node), "an environment made while deriving is born attached")
    return child
  }

  /// Drops the cached child of type `Child` for `id`, if there is one: the next
  /// ``derived(_:id:)`` makes a new one, and the old one is released when nothing else holds it.
  /// Returns whether a child was cached or being made. A child being made on another thread is
  /// still returned to the calls already waiting for it, and not cached: one id has one child at
  /// any time.
  ///
  /// ```swift
  /// func rowDisappeared(_ post: Post) {
  ///   feed.removeDerived(PostEnvironment.self, id: post.id)
  /// }
  /// ```
  ///
  /// Dropping is explicit rather than a weakly cached variant because the cache then keeps its
  /// promise: the same id gives the same environment until you say otherwise, even while no one
  /// holds it (a row scrolled away and back keeps its overrides).
  @discardableResult
  public func removeDerived<Child: ComposableEnvironment, ID: Hashable & Sendable>(
    _ type: Child.Type, id: ID
  ) -> Bool {
    node.existingDerivedChildren?.remove(Child.self, id: AnyHashable(id)) ?? false
  }

  /// Drops the cached child of type `Child` made by ``derived(_:)``, if there is one. Returns
  /// whether a child was cached.
  ///
  /// ```swift
  /// app.removeDerived(OnboardingEnvironment.self)  // onboarding is over
  /// ```
  @discardableResult
  public func removeDerived<Child: ComposableEnvironment>(_ type: Child.Type) -> Bool {
    node.existingDerivedChildren?.remove(Child.self, id: nil) ?? false
  }

  private func derivedChild<Child: ComposableEnvironment>(
    _ type: Child.Type, id: AnyHashable?
  ) -> Child {
    node.derivedChildren.child(type, id: id) { access in
      derive(Child.self, state: access, make: { Child() }, configure: { _ in })
    }
  }

  /// The child whose once-state `state` gives access to (under this environment's lock): made by
  /// `make`, as a child of this environment, and configured, exactly once.
  ///
  /// No lock is held while `make` (user code) runs; a thread that needs the same child meanwhile
  /// waits for it, and threads deriving other children do not wait at all.
  func derive<Child: ComposableEnvironment>(
    _ type: Child.Type, state: ((inout OnceState) -> Void) -> Void, make: () -> Child,
    configure: (Child) -> Void
  ) -> Child {
    // The common case, a child made before: one look at its state, without setting up the
    // once-cell's wait and recursion checks (a cached child is read far more often than made).
    var made: AnyObject?
    state { made = $0.madeValue }
    if let made { return unsafeDowncast(made, to: Child.self) }
    let context = ThreadContext.current
    let child = Once.value(
      of: .derivation(child: Child.self, parent: Self.self), in: context, access: state,
      make: {
        let child = node.deriving(Child.self, in: context, make)
        // Born attached unless `make` returned an environment created before the derivation.
        if !child.node.isChild(of: node) { child.node.attach(to: node) }
        configure(child)
        return child
      })
    return unsafeDowncast(child, to: Child.self)
  }
}
