/// A check that code makes through a dependency, so that a test can see it fail instead of
/// stopping: the value of the built-in `assert` and `precondition` dependencies, as
/// swift-dependencies spells them.
///
/// ```swift
/// @Dependency(\.precondition) var precondition
/// precondition(count >= 0, "a count is never negative")
/// ```
///
/// Live, `assert` is Swift's `assert` (checked in debug builds only) and `precondition` is Swift's
/// `precondition`; in a test context both record a test failure when the condition is false,
/// and return.
public protocol AssertionEffect: Sendable {
  /// Checks `condition`; `message` says what went wrong, `file` and `line` where.
  ///
  /// ```swift
  /// assert(index < items.count, "no item \(index)", file: #file, line: #line)
  /// ```
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  )
}

extension AssertionEffect {
  /// Checks `condition`, attributed to the caller's line.
  ///
  /// ```swift
  /// @Dependency(\.assert) var assert
  /// assert(items.isEmpty == (count == 0))
  /// ```
  @_disfavoredOverload
  @inlinable
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #file, line: UInt = #line
  ) {
    self(condition(), message(), file: file, line: line)
  }
}

/// A failed check that code makes through a dependency: the value of the built-in
/// `assertionFailure` dependency, which fails as `assert` does with a false condition.
///
/// ```swift
/// @Dependency(\.assertionFailure) var assertionFailure
/// assertionFailure("unexpected state")
/// ```
public protocol AssertionFailureEffect: Sendable {
  /// Fails, saying `message`, attributed to `file` and `line`.
  ///
  /// ```swift
  /// assertionFailure("unexpected state", file: #file, line: #line)
  /// ```
  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt)
}

extension AssertionFailureEffect {
  /// Fails, attributed to the caller's line.
  ///
  /// ```swift
  /// @Dependency(\.assertionFailure) var assertionFailure
  /// assertionFailure()
  /// ```
  @_disfavoredOverload
  @inlinable
  public func callAsFunction(
    _ message: @autoclosure () -> String = "", file: StaticString = #file, line: UInt = #line
  ) {
    self(message(), file: file, line: line)
  }
}

/// Swift's `precondition`, or its `assert` (checked in debug builds only): the live values of
/// `precondition` and `assert`.
private struct LiveAssertion: AssertionEffect {
  var isPrecondition = false

  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    if isPrecondition {
      Swift.precondition(condition(), message(), file: file, line: line)
    } else {
      Swift.assert(condition(), message(), file: file, line: line)
    }
  }
}

/// The test value of `assert` and `precondition`: a false condition records a test failure at
/// `file` and `line`, and the code goes on.
private struct TestAssertion: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    guard !condition() else { return }
    let text = message()
    TestFailureReporting.record(
      text.isEmpty ? "Assertion failed" : "Assertion failed: \(text)",
      at: TestFailureLocation(
        fileID: "\(file)", filePath: "\(file)", line: Int(line), column: 1))
  }
}

/// `assertionFailure`: `base` (the current `assert`) with a false condition.
private struct AssertionFailure: AssertionFailureEffect {
  let base: any AssertionEffect

  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt) {
    base(false, message(), file: file, line: line)
  }
}

/// The key of `Dependencies.assert`.
private enum AssertKey: BuiltInDependencyKey {
  static var defaultValue: any AssertionEffect { LiveAssertion() }
  static var testValue: any AssertionEffect { TestAssertion() }
}

/// The key of `Dependencies.precondition`.
private enum PreconditionKey: BuiltInDependencyKey {
  static var defaultValue: any AssertionEffect { LiveAssertion(isPrecondition: true) }
  static var testValue: any AssertionEffect { TestAssertion() }
}

/// The key of a value set for `Dependencies.assertionFailure`; none by default, so that
/// `assertionFailure` follows `assert`.
private enum AssertionFailureKey: BuiltInDependencyKey {
  static var defaultValue: (any AssertionFailureEffect)? { nil }
  static var testValue: (any AssertionFailureEffect)? { nil }
}

extension Dependencies {
  /// Swift's `assert`, as a dependency: in a test context a false condition fails the test
  /// instead of stopping it.
  ///
  /// ```swift
  /// @Dependency(\.assert) var assert
  /// assert(balance >= 0, "a balance is never negative")
  /// ```
  ///
  /// Settable (in swift-dependencies it is read-only), as `@Dependency` in a
  /// `ComposableEnvironment` needs; disfavored, so that an `assert` you declare on `Dependencies`
  /// yourself is the one your code reads, in any module.
  @_disfavoredOverload
  public var assert: any AssertionEffect {
    get { self[AssertKey.self] }
    set { self[AssertKey.self] = newValue }
  }

  /// Swift's `assertionFailure`, as a dependency: unless set, the current ``assert`` with a false
  /// condition.
  ///
  /// ```swift
  /// @Dependency(\.assertionFailure) var assertionFailure
  /// assertionFailure("unexpected state")
  /// ```
  ///
  /// Settable (in swift-dependencies it is read-only), as `@Dependency` in a
  /// `ComposableEnvironment` needs; disfavored, so that an `assertionFailure` you declare on
  /// `Dependencies` yourself is the one your code reads, in any module.
  @_disfavoredOverload
  public var assertionFailure: any AssertionFailureEffect {
    get { self[AssertionFailureKey.self] ?? AssertionFailure(base: assert) }
    set { self[AssertionFailureKey.self] = newValue }
  }

  /// Swift's `precondition`, as a dependency: in a test context a false condition fails the test
  /// instead of stopping the process.
  ///
  /// ```swift
  /// @Dependency(\.precondition) var precondition
  /// precondition(index < items.count, "no item \(index)")
  /// ```
  ///
  /// Settable (in swift-dependencies it is read-only), as `@Dependency` in a
  /// `ComposableEnvironment` needs; disfavored, so that a `precondition` you declare on
  /// `Dependencies` yourself is the one your code reads, in any module.
  @_disfavoredOverload
  public var precondition: any AssertionEffect {
    get { self[PreconditionKey.self] }
    set { self[PreconditionKey.self] = newValue }
  }
}
