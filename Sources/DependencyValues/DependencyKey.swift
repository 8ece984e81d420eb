/// A key whose module declares only the value tests (and previews) read: the interface module of a
/// dependency, whose live value, with its heavy dependencies, the app module provides by adding a
/// ``DependencyKey`` conformance.
///
/// ```swift
/// // APIClientInterface: what features import, with no networking code.
/// extension APIClient: TestDependencyKey {
///   static var testValue: APIClient { APIClient(fetch: unimplemented("APIClient.fetch")) }
/// }
/// // The app module.
/// extension APIClient: DependencyKey {
///   static var defaultValue: APIClient { .live }
/// }
/// ```
///
/// In a module whose default isolation is the main actor (Xcode 26 app targets), write such
/// conformances `nonisolated extension APIClient: DependencyKey { … }`: a conformance added in an
/// extension there is otherwise main-actor isolated, and environments read keys from any thread.
///
/// Read outside a test or a preview without a `DependencyKey` conformance (the app forgot it), a
/// key reads its test value and the library says so once, on standard error, naming the key and
/// the conformance to add. Every ``DependencyKey`` is a `TestDependencyKey`.
///
/// `Value` is the protocol's primary associated type, as in swift-dependencies, so a key can be
/// named by the type of its value:
///
/// ```swift
/// let keys: [any TestDependencyKey<Int>.Type] = [PageSizeKey.self, RetryCountKey.self]
/// ```
public protocol TestDependencyKey<Value>: DependencyKeyIsolation {
  /// The type of the dependency's value. Values cross threads, so they must be `Sendable`.
  associatedtype Value: Sendable

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
  /// ``previewValue`` in tests (which is its `defaultValue` unless the key declares one), as
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
  /// A ``DependencyKey`` that declares none reads ``DependencyKey/defaultValue`` in previews, as it
  /// does outside them; a key that is only a `TestDependencyKey` reads its ``testValue``.
  static var previewValue: Value { get }

  /// The live value, boxed for the environments' caches, when this conformance knows it; `nil`
  /// when it does not. Written for you; you never implement or call it.
  ///
  /// A key that is a ``DependencyKey`` in the module that declares it gets the implementation
  /// that boxes its ``DependencyKey/defaultValue`` where its types are known, so that computing a
  /// default looks up neither the key's conformance nor the box's type at run time. A key whose
  /// `DependencyKey` conformance another module adds (an interface module's
  /// `TestDependencyKey`, the app's live value) gets `nil`, and the environments find the live
  /// conformance at run time.
  ///
  /// ```swift
  /// struct LocaleKey: DependencyKey {  // its _boxedLiveValue() boxes "en"
  ///   static var defaultValue: String { "en" }
  /// }
  /// ```
  @_documentation(visibility: internal)
  static func _boxedLiveValue() -> _BoxedLiveValue<Value>?
}

extension TestDependencyKey {
  /// No preview value: ``testValue``.
  ///
  /// ```swift
  /// extension APIClient: TestDependencyKey {
  ///   static var testValue: APIClient { .failing }  // previewValue is this one
  /// }
  /// ```
  public static var previewValue: Value { testValue }

  /// Not known to this conformance: the key's `DependencyKey` conformance, if any, is added in
  /// another module, and is found at run time.
  ///
  /// ```swift
  /// extension APIClient: TestDependencyKey {  // its _boxedLiveValue() is nil
  ///   static var testValue: APIClient { .failing }
  /// }
  /// ```
  @_documentation(visibility: internal)
  @inlinable public static func _boxedLiveValue() -> _BoxedLiveValue<Value>? { nil }
}

extension TestDependencyKey where Self: DependencyKey {
  /// The ``DependencyKey/defaultValue``, boxed: chosen for a key that is a `DependencyKey` in the
  /// module whose conformance makes it a `TestDependencyKey`. Inlined into that conformance, where
  /// the key's types are known.
  ///
  /// ```swift
  /// struct LocaleKey: DependencyKey {  // its _boxedLiveValue() boxes "en"
  ///   static var defaultValue: String { "en" }
  /// }
  /// ```
  @_documentation(visibility: internal)
  @inlinable public static func _boxedLiveValue() -> _BoxedLiveValue<Value>? {
    _BoxedLiveValue(defaultValue)
  }
}

/// A key for one dependency, with the value used when no environment sets it.
///
/// Declare a key the way you declare a SwiftUI `EnvironmentKey`, then expose it as a computed
/// property on ``Dependencies``. The live value has two spellings that mean the same:
/// `defaultValue` (swift-composable-environment 0.5) and `liveValue` (swift-dependencies); a key
/// declares one of them, and the other reads it.
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
/// ```swift
/// struct APIClientKey: DependencyKey {  // as swift-dependencies spells it
///   static let liveValue = APIClient.live
/// }
/// ```
///
/// The default is computed lazily, the first time a tree of environments needs it, and at most once
/// per tree: a fresh root environment gets fresh defaults.
///
/// `Value` is the protocol's primary associated type, as in swift-dependencies:
///
/// ```swift
/// func liveValue(of key: some DependencyKey<Int>) -> Int { type(of: key).liveValue }
/// ```
public protocol DependencyKey<Value>: TestDependencyKey {
  /// The type of the dependency's value (`Sendable`, as ``TestDependencyKey/Value``), restated so
  /// that a key's declaration infers it from `defaultValue` or `liveValue`. A key that declares
  /// neither gets the marker type, whose `liveValue` is unavailable: it does not compile, and the
  /// error names both spellings.
  associatedtype Value = _DependencyKeyDeclaresNoLiveValue

  /// The value read where no environment has set one: the live value. Declare it or
  /// ``liveValue``; by default it is ``liveValue``.
  ///
  /// ```swift
  /// struct Clock: DependencyKey {
  ///   static var defaultValue: @Sendable () -> Date { { Date() } }
  /// }
  /// ```
  static var defaultValue: Value { get }

  /// The live value, as swift-dependencies spells it: the same as ``defaultValue``. Declare it or
  /// `defaultValue`; by default it is `defaultValue`.
  ///
  /// ```swift
  /// struct Clock: DependencyKey {
  ///   static let liveValue: @Sendable () -> Date = { Date() }
  /// }
  /// ```
  static var liveValue: Value { get }

  /// The value read inside a test context where no environment sets one: see
  /// ``TestDependencyKey/testValue``. Restated here so that a key's `Value` is inferred from its
  /// `defaultValue` (by default, ``previewValue``, reported in a test context).
  ///
  /// ```swift
  /// struct LocaleKey: DependencyKey {
  ///   static var defaultValue: String { "en" }
  ///   static var testValue: String { "en_US_POSIX" }
  /// }
  /// ```
  static var testValue: Value { get }

  /// The value read in a preview context where no environment sets one: see
  /// ``TestDependencyKey/previewValue`` (by default, ``defaultValue``).
  ///
  /// ```swift
  /// struct LocaleKey: DependencyKey {
  ///   static var defaultValue: String { "en" }
  ///   static var previewValue: String { "fr" }
  /// }
  /// ```
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// No `defaultValue`: ``liveValue``, as the key declares it.
  ///
  /// ```swift
  /// struct LocaleKey: DependencyKey {
  ///   static let liveValue = "en"  // defaultValue is this one
  /// }
  /// ```
  ///
  /// A key that declares neither (but whose `Value` its `testValue` gives) would read each through
  /// the other forever: the program stops instead, naming the key (see `LiveValueSpelling`).
  public static var defaultValue: Value {
    LiveValueSpelling.checkDeclared(Self.self)
    return liveValue
  }

  /// No `liveValue`: ``defaultValue``, as the key declares it.
  ///
  /// ```swift
  /// struct LocaleKey: DependencyKey {
  ///   static var defaultValue: String { "en" }  // liveValue is this one
  /// }
  /// ```
  public static var liveValue: Value {
    LiveValueSpelling.readingDefaultValue(of: Self.self) { defaultValue }
  }

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
    // After computing the value, which may compute other keys' test values on this thread.
    defer { TestValueMark.markUndeclared(Self.self) }
    return previewValue
  }
}

/// The `Value` of a ``DependencyKey`` that declares neither `defaultValue` nor `liveValue`: its
/// `liveValue` is unavailable, so that the key does not compile and the error says what to declare.
/// You never name it.
///
/// ```swift
/// struct CountKey: DependencyKey {}  // error: a DependencyKey declares its live value: …
/// ```
@_documentation(visibility: internal)
public enum _DependencyKeyDeclaresNoLiveValue: Sendable {}

extension DependencyKey where Value == _DependencyKeyDeclaresNoLiveValue {
  /// Unavailable: chosen for a key that declares no live value, so that it fails to compile.
  ///
  /// ```swift
  /// struct CountKey: DependencyKey { static var defaultValue: Int { 0 } }  // what to write
  /// ```
  @available(
    *, unavailable,
    message: """
      a DependencyKey declares its live value: `static let liveValue = …` (swift-dependencies) or \
      `static var defaultValue: Value { … }` (swift-composable-environment 0.5)
      """
  )
  public static var liveValue: Value { fatalError() }
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
