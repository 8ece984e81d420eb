import ComposableEnv
import Foundation
import TestSupport

// Keys and environments of the trust suite: reference-typed values, composed getters, run-time
// key paths. Each test makes its own trees, so tests running in parallel share no values.

/// Live defaults of `TrustKeys.Token` (one per root tree that read it), apart from the tokens a
/// test counts.
let defaultTokens = LiveCount()

enum TrustKeys {
  struct Token: LiveInTests {
    static var defaultValue: LiveToken { LiveToken("default", defaultTokens) }
  }
  struct OtherToken: LiveInTests {
    static var defaultValue: LiveToken { LiveToken("default", defaultTokens) }
  }
  struct Label: LiveInTests { static var defaultValue: String { "none" } }
  struct RequestID: LiveInTests { static var defaultValue: String { "none" } }
  struct Flags: LiveInTests { static var defaultValue: Set<String> { ["f1"] } }
  struct Number: LiveInTests { static var defaultValue: Int { 0 } }
}

/// A client that keeps the `Dependencies` it was made from and reads another key later, as
/// composed clients do.
struct RequestLogger: Sendable {
  let label: String
  let requestID: @Sendable () -> String
}

/// Runs of `Dependencies.countedNumber`'s getter (one test reads it).
enum GetterRuns {
  static let countedNumber = Counter()
}

extension Dependencies {
  var token: LiveToken {
    get { self[TrustKeys.Token.self] }
    set { self[TrustKeys.Token.self] = newValue }
  }
  var otherToken: LiveToken {
    get { self[TrustKeys.OtherToken.self] }
    set { self[TrustKeys.OtherToken.self] = newValue }
  }
  var label: String {
    get { self[TrustKeys.Label.self] }
    set { self[TrustKeys.Label.self] = newValue }
  }
  var requestID: String {
    get { self[TrustKeys.RequestID.self] }
    set { self[TrustKeys.RequestID.self] = newValue }
  }
  var flags: Set<String> {
    get { self[TrustKeys.Flags.self] }
    set { self[TrustKeys.Flags.self] = newValue }
  }
  var number: Int {
    get { self[TrustKeys.Number.self] }
    set { self[TrustKeys.Number.self] = newValue }
  }
  /// `number`, through a getter with a side effect.
  var countedNumber: Int {
    GetterRuns.countedNumber.increment()
    return self[TrustKeys.Number.self]
  }
  /// A flag, through a key path made with an argument (a new object per key path expression).
  subscript(flag name: String) -> Bool { self[TrustKeys.Flags.self].contains(name) }
  /// A composed client that reads `requestID` whenever it is asked, from the `Dependencies` it
  /// was made with.
  var requestLogger: RequestLogger {
    let dependencies = self
    return RequestLogger(label: self.label, requestID: { dependencies.requestID })
  }
}

final class TrustRoot: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.token) var token
  var requestLogger: RequestLogger { self[dynamicMember: \.requestLogger] }
  @DerivedEnvironment<TrustNode> var child
}

final class TrustNode: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.token) var token
  var requestLogger: RequestLogger { self[dynamicMember: \.requestLogger] }
  @DerivedEnvironment<TrustNode> var next
}

/// A dependency value whose `deinit` runs library code (`onRelease`), as a client holding a
/// request's environment does when it goes away; it counts itself through its token.
final class ReentrantValue: Sendable {
  let token: LiveToken
  let onRelease: @Sendable () -> Void

  init(_ name: String, _ live: LiveCount, onRelease: @escaping @Sendable () -> Void) {
    token = LiveToken(name, live)
    self.onRelease = onRelease
  }

  deinit { onRelease() }
}

enum ReentrantKeys {
  struct Hook: LiveInTests { static var defaultValue: ReentrantValue? { nil } }
  struct Fetch: LiveInTests { static var defaultValue: @Sendable () -> String { { "live" } } }
}

extension Dependencies {
  var hook: ReentrantValue? {
    get { self[ReentrantKeys.Hook.self] }
    set { self[ReentrantKeys.Hook.self] = newValue }
  }
  var fetch: @Sendable () -> String {
    get { self[ReentrantKeys.Fetch.self] }
    set { self[ReentrantKeys.Fetch.self] = newValue }
  }
}
