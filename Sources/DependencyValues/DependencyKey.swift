/// A key for one dependency, with the value used when no environment sets it.
///
/// Declare a key the way you declare a SwiftUI `EnvironmentKey`, then expose it as a computed
/// property on ``Dependencies``:
///
/// ```swift
/// extension DependencyKeys {
///   struct MainQueue: DependencyKey {
///     static var defaultValue: DispatchQueue { .main }
///   }
/// }
///
/// extension Dependencies {
///   var mainQueue: DispatchQueue {
///     get { self[DependencyKeys.MainQueue.self] }
///     set { self[DependencyKeys.MainQueue.self] = newValue }
///   }
/// }
/// ```
///
/// The default is computed lazily, the first time a tree of environments needs it, and at most once
/// per tree: a fresh root environment gets fresh defaults.
public protocol DependencyKey {
  /// The type of the dependency's value. Values cross threads, so they must be `Sendable`.
  associatedtype Value: Sendable

  /// The value read where no environment has set one.
  ///
  /// ```swift
  /// struct Clock: DependencyKey {
  ///   static var defaultValue: @Sendable () -> Date { { Date() } }
  /// }
  /// ```
  static var defaultValue: Value { get }
}
