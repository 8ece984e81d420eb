/// Starts work that the caller does not wait for: the value of the built-in `fireAndForget`
/// dependency, as swift-dependencies spells it.
///
/// ```swift
/// @Dependency(\.fireAndForget) var fireAndForget
/// await fireAndForget { try await analytics.track("opened") }
/// ```
///
/// Live, the work runs in a new unstructured task and the call returns at once. In a test context
/// the call waits for the work, so that a test sees its effects when the call returns, and an
/// error the work throws fails the test.
public struct FireAndForget: Sendable {
  /// Starts `operation` (the third argument), with the task name (first) and priority (second)
  /// given to the call.
  ///
  /// ```swift
  /// await fireAndForget.operation(nil, .background) { await cache.trim() }
  /// ```
  public let operation:
    @Sendable (String?, TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void

  /// A `fireAndForget` that starts work with `operation` (this library's addition: in
  /// swift-dependencies only the built-in values exist).
  ///
  /// ```swift
  /// let inline = FireAndForget { _, _, work in try? await work() }
  /// ```
  public init(
    _ operation:
      @escaping @Sendable (String?, TaskPriority?, @escaping @Sendable () async throws -> Void)
      async -> Void
  ) {
    self.operation = operation
  }

  /// Starts `operation` in a task named `name` (where the runtime keeps task names), at
  /// `priority`.
  ///
  /// ```swift
  /// await fireAndForget(priority: .background) { try await uploader.flush() }
  /// ```
  public func callAsFunction(
    name: String? = nil, priority: TaskPriority? = nil,
    @_inheritActorContext _ operation: @escaping @Sendable () async throws -> Void
  ) async {
    await self.operation(name, priority, operation)
  }

  /// Runs `work` in a new task, named where the compiler can name it.
  fileprivate static func task(
    name: String?, priority: TaskPriority?, _ work: @escaping @Sendable () async throws -> Void
  ) -> Task<Void, any Error> {
    #if compiler(>=6.2)
      Task(name: name, priority: priority, operation: work)
    #else
      Task(priority: priority, operation: work)
    #endif
  }
}

/// The key of `Dependencies.fireAndForget`: live, a task nobody waits for; in a test context, a
/// task the call waits for, whose error fails the test.
private enum FireAndForgetKey: BuiltInDependencyKey {
  static var defaultValue: FireAndForget {
    FireAndForget { name, priority, operation in
      _ = FireAndForget.task(name: name, priority: priority, operation)
    }
  }

  static var testValue: FireAndForget {
    FireAndForget { name, priority, operation in
      do {
        try await FireAndForget.task(name: name, priority: priority, operation).value
      } catch {
        TestFailureReporting.record(
          "fireAndForget: the work threw \(String(reflecting: error))", at: nil)
      }
    }
  }
}

extension Dependencies {
  /// Starts work nobody waits for: a new task live; in a test context, work the call waits for,
  /// whose error fails the test.
  ///
  /// ```swift
  /// @Dependency(\.fireAndForget) var fireAndForget
  /// await fireAndForget { try await analytics.track("opened") }
  /// ```
  ///
  /// Settable (in swift-dependencies it is read-only), as `@Dependency` in a
  /// `ComposableEnvironment` needs; disfavored, so that a `fireAndForget` you declare on
  /// `Dependencies` yourself is the one your code reads, in any module.
  @_disfavoredOverload
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}
