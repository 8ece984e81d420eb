/// Unambiguous names for this package's types, for projects that also import a library with
/// types of the same name (such as pointfreeco's `Dependencies`, which has its own `DependencyKey`
/// and `@Dependency`).
///
/// ```swift
/// import ComposableEnv
/// import Dependencies
///
/// extension DependencyKeys {
///   struct Logger: Compatible.DependencyKey {
///     static var defaultValue: Logging.Logger { .init(label: "app") }
///   }
/// }
/// ```
public enum Compatible {
  /// This package's `DependencyKey`, spelled so that it cannot clash.
  ///
  /// ```swift
  /// struct Clock: Compatible.DependencyKey {
  ///   static var defaultValue: @Sendable () -> Date { { Date() } }
  /// }
  /// ```
  public typealias DependencyKey = _DependencyKeyOfThisModule
}

/// This module's `DependencyKey`, under a name that `Compatible.DependencyKey` can refer to:
/// inside `Compatible` the name `DependencyKey` is its own, and `DependencyValues.DependencyKey`
/// no longer names the module's protocol, since `DependencyValues` names the ``Dependencies``
/// type. Public because a public type alias may only refer to public names; you never use it.
///
/// ```swift
/// struct Clock: Compatible.DependencyKey { static var defaultValue: Int { 0 } }
/// ```
@_documentation(visibility: internal)
public typealias _DependencyKeyOfThisModule = DependencyKey
