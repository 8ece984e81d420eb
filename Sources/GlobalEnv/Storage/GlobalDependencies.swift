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
  /// every test. In a test bundle whose tests each get a scope of their own
  /// (`RunningTestScopes.isolatesTests`), it keeps `LiveScopes.any` true for the process, so that
  /// reads look for that scope: reads touch `root` before checking, so that its first read does.
  static let root: Node = {
    let root = Node.makeRoot(
      environmentType: GlobalDependencies.self, testContext: TestContext.processWide,
      recordsReads: true)
    if RunningTestScopes.isolates(root: root) { LiveScopes.increment() }
    return root
  }()

  /// The node that reads start from, and writes go to, in the current task: the innermost
  /// scope's, or the root.
  static var current: Node { innermostScopeIfAny?.node ?? root }

  /// Where a write goes: `current`. A write that a parameterized test makes to its own scope,
  /// shared by its cases, is reported (see `RunningTestScopes.checkWrite`).
  static var writeTarget: Node {
    let node = current
    RunningTestScopes.checkWrite()
    return node
  }

  /// The current task's innermost scope: its `withValues` scope (or test context's), or else, in
  /// a process that is strict as a whole, the running test's own (see `RunningTestScopes`).
  /// Not inlined: the common read, outside any scope, does not get here. Every lookup is
  /// recorded (`LiveScopes.recordLookup`): a getter that reads this way reads values that its
  /// `Dependencies` does not show.
  @usableFromInline
  static var innermostScope: Scope? {
    LiveScopes.recordLookup()
    return Scope.current ?? RunningTestScopes.current()
  }

  /// Where values set "process-wide" go: the root, or, in a test, its test scope (the one of its
  /// test context, or of the test itself), so that a test's `prepare` and `reset` reach only it.
  static var processWideScope: Scope? {
    innermostScopeIfAny.flatMap {
      sequence(first: $0, next: \.parent).first { $0.ownedTestContext != nil }
    }
  }

  /// The value of `keyPath` in the current task; a test failure of the read is recorded at
  /// `site`, if known.
  ///
  /// Outside any scope, one atomic load decides that the task-local lookup is not needed; the
  /// root is then read in place, without retaining it.
  @inlinable @inline(__always)
  static func read<Value>(_ keyPath: KeyPath<Dependencies, Value>, from site: ReadSite?) -> Value {
    let root = root
    if LiveScopes.any, let scope = innermostScope { return scope.node.read(keyPath, from: site) }
    return root.read(keyPath, from: site)
  }

  /// What a `@Dependency` property declared at `site` reads, in the current scope, or
  /// process-wide.
  @inlinable @inline(__always)
  static func read<Value, Path>(_ source: DependencySource<Value, Path>, from site: ReadSite)
    -> Value
  {
    let root = root
    if LiveScopes.any, let scope = innermostScope {
      return source.read(at: scope.node, from: site)
    }
    return source.read(at: root, from: site)
  }

  /// The value of `key` in the current scope, or process-wide; a test failure of the read is
  /// recorded at `site`.
  @inlinable @inline(__always)
  static func read<Key: DependencyKey>(key: Key.Type, from site: ReadSite) -> Key.Value {
    let root = root
    if LiveScopes.any, let scope = innermostScope { return scope.node.read(key: key, from: site) }
    return root.read(key: key, from: site)
  }

  /// A new scope on top of `parent` (by default the current one), in the current task's test
  /// context (or the enclosing scope's), with `update` applied to it.
  ///
  /// `node`, when given, is the node the new scope's node is made under instead of `parent`'s
  /// (an overlay of `parent`'s values, for `withValues(from:)`).
  ///
  /// An `update` that assigns `$0` a set of values of its own (`$0 = DependencyValues()`) makes
  /// the scope read those instead (see `Node.replacement(for:environmentType:)`).
  ///
  /// Entering a scope costs the same at any depth of nesting: its test context is its parent
  /// scope's, read from the parent's node, not looked up as a task-local value (a lookup of a
  /// value no binding inside the parent sets walks every binding of the task, one per enclosing
  /// scope). That is the current test context: this module binds a test context only together
  /// with a scope made in it (`withTestContext`, `RunningTestScopes`).
  static func makeScope(
    on parent: Scope? = innermostScopeIfAny, node overlay: Node? = nil,
    owning testContext: TestContext? = nil, _ update: (inout Dependencies) throws -> Void
  ) rethrows -> Scope {
    let parentNode = overlay ?? parent?.node ?? root
    let environmentType: Any.Type = testContext == nil ? ScopedOverride.self : TestScope.self
    let inherited =
      if let testContext { testContext } else if overlay == nil, let parent {
        parent.node.testContext
      } else {
        TestContext.current ?? parentNode.testContext
      }
    // Until something is set on it, a scope's reads are its parent's (see `Node.readingNode`): a
    // scope made per request, model or test reads what the scopes before it read.
    let node = Node.makeChild(
      of: parentNode, environmentType: environmentType, testContext: inherited,
      readsThroughWhileEmpty: testContext == nil)
    // A value, as swift-dependencies' `DependencyValues` is: what `update` writes is set on the
    // node after it returns (`let saved = $0; …; $0 = saved` restores).
    var dependencies = node.detachedValues()
    try ThreadContext.settingValues { try update(&dependencies) }
    let read = node.replacement(for: dependencies, environmentType: environmentType) ?? node
    return Scope(node: read, parent: parent, owning: testContext)
  }

  /// The scope a `@Dependency` made now reads through later: the current `withValues` scope (or
  /// test context's), if any. A test's own scope (`RunningTestScopes`) is not captured: an
  /// object made in one test and read in another (a shared model) would carry the first test's
  /// values into the second.
  ///
  /// In the getter of a default computed by a read through another scope (a model's, read
  /// elsewhere), the node of that read instead, as swift-dependencies' `@Dependency` in a
  /// `testValue` keeps the values of the model that read it.
  @usableFromInline
  static var capturedScope: Scope? {
    guard LiveScopes.any else { return nil }
    LiveScopes.recordLookup()
    // A default computed by a read of the current task's own values captures what any
    // `@Dependency` made here does.
    guard let reading = DefaultInProgress.readingNode, !reading.isIdentical(to: current) else {
      return Scope.current
    }
    return Scope(node: reading, parent: nil, ownsNode: false)
  }

  /// The innermost scope, if any scope is alive: what a new scope is made on, and what
  /// `withEscapedValues` carries.
  static var innermostScopeIfAny: Scope? {
    _ = root  // made first: in a test process, its making makes the test's own scope live
    return LiveScopes.any ? innermostScope : nil
  }

  /// What a `@Dependency` made in `captured` (if any) and declared at `site` reads now: with no
  /// captured scope, as `read(_:from:)` does; otherwise through the captured scope, the values
  /// set in the scope where it is read winning (see `Scope.node(readFrom:)`).
  @inlinable @inline(__always)
  static func read<Value, Path>(
    _ source: DependencySource<Value, Path>, capturedIn captured: Scope?, from site: ReadSite
  ) -> Value {
    guard let captured else { return read(source, from: site) }
    return read(source, captured: captured, from: site)
  }

  /// `read(_:capturedIn:from:)` for a `@Dependency` that captured a scope: specialized in the
  /// reading module, but not inlined into the read of one that captured none (the common one,
  /// kept small).
  @inlinable @inline(never)
  static func read<Value, Path>(
    _ source: DependencySource<Value, Path>, captured: Scope, from site: ReadSite
  ) -> Value {
    source.read(at: captured.node(readFrom: innermostScope), from: site)
  }
}

extension GlobalDependencies {
  /// A provenance's origin in this module's terms: process-wide, a scope, or the default. A test
  /// scope (a test context's, or a test's own) holds the test's process-wide values: what it
  /// sets is process-wide to the test, and it is not counted as a `withValues` level.
  static func origin(setter: Node?) -> DependencyProvenance.Origin {
    guard let setter else { return .defaultValue }
    let level = setter.lineage.count { $0.environmentType == ScopedOverride.self }
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
