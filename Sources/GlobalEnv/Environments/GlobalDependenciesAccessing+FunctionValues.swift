import DependencyValues
import _EnvironmentCore

// Overloads of `with(_:_:)` for values that are closures with no arguments, for the reason
// written down in ComposableEnv's copy; these write where `with(_:_:)` does (process-wide, or to
// the current scope).
extension GlobalDependenciesAccessing {

  /// ``with(_:_:)`` for a dependency whose value is a closure with no arguments, such as
  /// `@Sendable () -> Date`: a closure literal passed here is inferred `@Sendable`, as the key
  /// path's value type says, also where two modules declare a property of that name.
  ///
  /// ```swift
  /// AppEnvironment().with(\.now, { Date(timeIntervalSince1970: 0) })
  /// ```
  @discardableResult
  public func with<Result>(
    _ keyPath: WritableKeyPath<Dependencies, @Sendable () -> Result>,
    _ value: @escaping @Sendable () -> Result
  ) -> Self {
    GlobalDependencies.writeTarget.write(keyPath, value)
    return self
  }

  /// ``with(_:_:)`` for a dependency whose value is a throwing closure with no arguments, such as
  /// `@Sendable () throws -> Date`: a closure literal passed here is inferred `@Sendable`, as the key
  /// path's value type says, also where two modules declare a property of that name.
  ///
  /// ```swift
  /// AppEnvironment().with(\.now, { Date(timeIntervalSince1970: 0) })
  /// ```
  @discardableResult
  public func with<Result>(
    _ keyPath: WritableKeyPath<Dependencies, @Sendable () throws -> Result>,
    _ value: @escaping @Sendable () throws -> Result
  ) -> Self {
    GlobalDependencies.writeTarget.write(keyPath, value)
    return self
  }

  /// ``with(_:_:)`` for a dependency whose value is an asynchronous closure with no arguments, such as
  /// `@Sendable () async -> Date`: a closure literal passed here is inferred `@Sendable`, as the key
  /// path's value type says, also where two modules declare a property of that name.
  ///
  /// ```swift
  /// AppEnvironment().with(\.now, { Date(timeIntervalSince1970: 0) })
  /// ```
  @discardableResult
  public func with<Result>(
    _ keyPath: WritableKeyPath<Dependencies, @Sendable () async -> Result>,
    _ value: @escaping @Sendable () async -> Result
  ) -> Self {
    GlobalDependencies.writeTarget.write(keyPath, value)
    return self
  }

  /// ``with(_:_:)`` for a dependency whose value is an asynchronous throwing closure with no arguments, such as
  /// `@Sendable () async throws -> Date`: a closure literal passed here is inferred `@Sendable`, as the key
  /// path's value type says, also where two modules declare a property of that name.
  ///
  /// ```swift
  /// AppEnvironment().with(\.now, { Date(timeIntervalSince1970: 0) })
  /// ```
  @discardableResult
  public func with<Result>(
    _ keyPath: WritableKeyPath<Dependencies, @Sendable () async throws -> Result>,
    _ value: @escaping @Sendable () async throws -> Result
  ) -> Self {
    GlobalDependencies.writeTarget.write(keyPath, value)
    return self
  }
}
