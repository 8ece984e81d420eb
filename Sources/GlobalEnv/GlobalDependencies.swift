import DependencyValues
import _EnvironmentCore

/// Where `GlobalEnv` reads and writes: the process-wide values, and the `withValues` scopes layered
/// on top of them for the tasks that run inside.
///
/// The process-wide values live on one root node. A scope is a child node of the scope around it
/// (or of the root), so reads inside see, nearest first, the scope's overrides, the enclosing
/// scopes' overrides and the process-wide values, by the same rules as `ComposableEnv`.
@usableFromInline
enum GlobalDependencies {
  /// The process-wide values.
  @usableFromInline
  ///
  /// Created in the process-wide test context only, never in a task's: the values are shared by
  /// every test.
  static let root = Node.makeRoot(
    environmentType: GlobalDependencies.self, testContext: TestContext.processWide)

  /// Whether any scope is alive. While none is, a read skips the task-local lookup.
  @inlinable @inline(__always)
  static var scopesAreLive: Bool { LiveScopes.any }

  /// The node that reads start from, and writes go to, in the current task: the innermost
  /// scope's, or the root.
  static var current: Node {
    if scopesAreLive, let scope = Scope.current { return scope.node }
    return root
  }

  /// The value of `keyPath` in the current task.
  ///
  /// Outside any scope, one atomic load decides that the task-local lookup is not needed; the
  /// root is then read in place, without retaining it.
  @inlinable @inline(__always)
  static func read<Value>(_ keyPath: KeyPath<Dependencies, Value>) -> Value {
    if scopesAreLive, let scope = Scope.current { return scope.node.read(keyPath) }
    return root.read(keyPath)
  }

  /// What a `@Dependency` property reads, in the current scope, or process-wide.
  @inlinable @inline(__always)
  static func read<Value, Path>(_ source: DependencySource<Value, Path>) -> Value {
    if scopesAreLive, let scope = Scope.current { return source.read(at: scope.node) }
    return source.read(at: root)
  }

  /// The value of `key` in the current scope, or process-wide.
  @inlinable @inline(__always)
  static func read<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    if scopesAreLive, let scope = Scope.current { return scope.node.read(key: key) }
    return root.read(key: key)
  }

  /// A `withValues` scope: the node holding its overrides.
  ///
  /// Counted alive from creation to `deinit`, which runs when the scope's operation has returned
  /// and every task that inherited the scope has ended.
  @usableFromInline
  final class Scope: Sendable {
    @TaskLocal
    @usableFromInline
    static var current: Scope?

    @usableFromInline
    let node: Node
    /// The test context this scope was made for, whose defaults end with it.
    private let ownedTestContext: TestContext?

    init(node: Node, owning testContext: TestContext? = nil) {
      self.node = node
      ownedTestContext = testContext
      LiveScopes.increment()
    }

    deinit {
      // A cached composed client may hold the scope's node: break that cycle (see
      // `Node.dropCachedReads`).
      node.dropCachedReads()
      if let ownedTestContext { root.forgetDefaults(of: ownedTestContext) }
      LiveScopes.decrement()
    }
  }

  /// A new scope on top of the current one, in the current task's test context (or the
  /// enclosing scope's), with `update` applied to it.
  static func makeScope(
    owning testContext: TestContext? = nil, _ update: (inout Dependencies) throws -> Void
  ) rethrows -> Scope {
    let parent = current
    let node = Node.makeChild(
      of: parent, environmentType: testContext == nil ? ScopedOverride.self : TestScope.self,
      testContext: TestContext.current ?? parent.testContext)
    var dependencies = node.dependencies()
    try ThreadContext.settingValues { try update(&dependencies) }
    return Scope(node: node, owning: testContext)
  }
}

extension GlobalDependencies {
  /// A provenance's origin in this module's terms: process-wide, a scope, or the default.
  static func origin(setter: Node?) -> DependencyProvenance.Origin {
    guard let setter else { return .defaultValue }
    let level = setter.path.count - 1
    return level == 0 ? .processWide : .scope(level: level)
  }
}

extension GlobalDependencies: TestFailureWording {
  static var nameInPath: String { "process-wide values" }

  static func adviceToSet(_ keyPath: String, to value: String) -> String {
    // `$0.apiClient` for a key path, `$0[APIClient.self]` for a key type.
    let member = keyPath.hasPrefix("\\.") ? "." + keyPath.dropFirst(2) : "[\(keyPath)]"
    return """
      `@Test(.dependencies { $0\(member) = \(value) })` or \
      `Dependencies.withValues { $0\(member) = \(value) } operation: { … }`
      """
  }
}

/// Names a `withValues` scope in diagnostics.
enum ScopedOverride: NamedInPath {
  static var nameInPath: String { "withValues scope" }
}

/// Names the scope of a test context in diagnostics.
enum TestScope: NamedInPath {
  static var nameInPath: String { "test context" }
}
