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
public protocol DependencyKey: DependencyKeyIsolation {
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

  /// The value read inside a test context where no environment sets one.
  ///
  /// Declare it so that tests never reach the live dependency by accident, for example a client
  /// whose every endpoint fails the test that calls it (see `unimplemented(_:)`):
  ///
  /// ```swift
  /// struct APIClientKey: DependencyKey {
  ///   static var defaultValue: APIClient { .live }
  ///   static var testValue: APIClient {
  ///     APIClient(fetch: unimplemented("APIClient.fetch"))
  ///   }
  /// }
  /// ```
  ///
  /// A key that declares none (every key written for swift-composable-environment 0.5) reads
  /// ``previewValue`` in tests (which is ``defaultValue`` unless the key declares one), as
  /// swift-dependencies does, and inside a test context that read fails the test, naming the
  /// dependency, unless it is part of setting the key (`$0.client.fetch = { … }` in a
  /// `withValues` update, `with(\.client.fetch, …)`). Outside a test context `testValue` is never
  /// read.
  static var testValue: Value { get }

  /// The value read in a preview context where no environment sets one: in an Xcode preview
  /// (`XCODE_RUNNING_FOR_PREVIEWS=1`), or in a process run with
  /// `SWIFT_COMPOSABLE_ENV_CONTEXT=preview`.
  ///
  /// Declare it so that previews show canned data instead of reaching the network or the disk:
  ///
  /// ```swift
  /// struct APIClient: DependencyKey, Sendable {
  ///   var fetchTitles: @Sendable () async throws -> [String]
  ///   static var defaultValue: APIClient { APIClient { try await Network.titles() } }
  ///   static var previewValue: APIClient { APIClient { ["A preview post"] } }
  /// }
  /// ```
  ///
  /// A key that declares none reads ``defaultValue`` in previews, as it does outside them.
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// No preview value: ``defaultValue``.
  ///
  /// ```swift
  /// struct LocaleKey: DependencyKey {
  ///   static var defaultValue: String { "en" }  // previewValue is this one
  /// }
  /// ```
  public static var previewValue: Value { defaultValue }

  /// No test value: ``previewValue`` (by default ``defaultValue``), marked so that a test context
  /// reports the read.
  ///
  /// ```swift
  /// struct LocaleKey: DependencyKey {
  ///   static var defaultValue: String { "en" }
  ///   static var previewValue: String { "fr" }  // testValue is this one, and reported in tests
  /// }
  /// ```
  public static var testValue: Value {
    let value = previewValue
    // After computing the value, which may compute other keys' test values on this thread.
    TestValueMark.markUndeclared(Self.self)
    return value
  }
}

#if compiler(>=6.2)
  /// What makes a key type nonisolated in a module whose default isolation is the main actor:
  /// a type that conforms to a protocol refining `SendableMetatype` in its declaration is not
  /// inferred `@MainActor` (SE-0466), so a key's conformance and `defaultValue` can be used by
  /// the environments, which are nonisolated. Written for you; you never name it.
  ///
  /// ```swift
  /// struct APIClientKey: DependencyKey {  // nonisolated, even under main-actor default isolation
  ///   static var defaultValue: APIClient { .live }
  /// }
  /// ```
  public typealias DependencyKeyIsolation = SendableMetatype
#else
  /// Nothing before Swift 6.2, which introduced `SendableMetatype` and main-actor default
  /// isolation.
  ///
  /// ```swift
  /// struct APIClientKey: DependencyKey { static var defaultValue: APIClient { .live } }
  /// ```
  public protocol DependencyKeyIsolation {}
#endif
