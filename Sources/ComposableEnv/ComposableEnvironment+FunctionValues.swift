import DependencyValues

// Overloads of `with(_:_:)` for values that are closures with no arguments. With one generic
// `Value`, when two modules declare a property of the same name on `Dependencies` (an app's own
// `uuid: @Sendable () -> UUID` beside the built-in `uuid`), the compiler types a closure literal
// before it picks the property, so the closure is not inferred `@Sendable` and the call does not
// compile (Swift 6.3). Matching the closure's shape gives it its type first. Apps written for
// swift-composable-environment 0.5 commonly declare such `uuid` and `date` closures.
extension ComposableEnvironment {

  /// ``with(_:_:)`` for a dependency whose value is a closure with no arguments, such as
  /// `@Sendable () -> Date`: a closure literal passed here is inferred `@Sendable`, as the key
  /// path's value type says, also where two modules declare a property of that name.
  ///
  /// ```swift
  /// let settings = SettingsEnvironment().with(\.now, { Date(timeIntervalSince1970: 0) })
  /// ```
  @discardableResult
  public func with<Result>(
    _ keyPath: WritableKeyPath<Dependencies, @Sendable () -> Result>,
    _ value: @escaping @Sendable () -> Result
  ) -> Self {
    node.write(keyPath, value)
    return self
  }

  /// ``with(_:_:)`` for a dependency whose value is a throwing closure with no arguments, such as
  /// `@Sendable () throws -> Date`: a closure literal passed here is inferred `@Sendable`, as the key
  /// path's value type says, also where two modules declare a property of that name.
  ///
  /// ```swift
  /// let settings = SettingsEnvironment().with(\.now, { Date(timeIntervalSince1970: 0) })
  /// ```
  @discardableResult
  public func with<Result>(
    _ keyPath: WritableKeyPath<Dependencies, @Sendable () throws -> Result>,
    _ value: @escaping @Sendable () throws -> Result
  ) -> Self {
    node.write(keyPath, value)
    return self
  }

  /// ``with(_:_:)`` for a dependency whose value is an asynchronous closure with no arguments, such as
  /// `@Sendable () async -> Date`: a closure literal passed here is inferred `@Sendable`, as the key
  /// path's value type says, also where two modules declare a property of that name.
  ///
  /// ```swift
  /// let settings = SettingsEnvironment().with(\.now, { Date(timeIntervalSince1970: 0) })
  /// ```
  @discardableResult
  public func with<Result>(
    _ keyPath: WritableKeyPath<Dependencies, @Sendable () async -> Result>,
    _ value: @escaping @Sendable () async -> Result
  ) -> Self {
    node.write(keyPath, value)
    return self
  }

  /// ``with(_:_:)`` for a dependency whose value is an asynchronous throwing closure with no arguments, such as
  /// `@Sendable () async throws -> Date`: a closure literal passed here is inferred `@Sendable`, as the key
  /// path's value type says, also where two modules declare a property of that name.
  ///
  /// ```swift
  /// let settings = SettingsEnvironment().with(\.now, { Date(timeIntervalSince1970: 0) })
  /// ```
  @discardableResult
  public func with<Result>(
    _ keyPath: WritableKeyPath<Dependencies, @Sendable () async throws -> Result>,
    _ value: @escaping @Sendable () async throws -> Result
  ) -> Self {
    node.write(keyPath, value)
    return self
  }
}
