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
  public typealias DependencyKey = DependencyValues.DependencyKey
}
