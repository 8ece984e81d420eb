import GlobalEnv
import TestSupport

// Keys of the tests of swift-dependencies' scope spellings (`withDependencies`,
// `prepareDependencies`, `withEscapedDependencies`, the traits). Each test sets them in scopes of
// its own, so the suites run in parallel with everything else.
extension DependencyKeys {
  struct SpelledNumber: LiveInTests { static var defaultValue: Int { 0 } }
  struct SpelledName: LiveInTests { static var defaultValue: String { "default" } }
  /// A key without a test value, for the reads that setting part of a value makes.
  struct SpelledClient: DependencyKey {
    static var defaultValue: SpelledClient.Value { Value(host: "live", port: 80) }
    struct Value: Sendable, Equatable {
      var host: String
      var port: Int
    }
  }
}

/// A value that is its own key, as `.dependency(_:)` takes it.
struct SelfKeyedGreeter: TestDependencyKey, Sendable, Equatable {
  var greeting: String
  static let testValue = SelfKeyedGreeter(greeting: "test")
}

extension Dependencies {
  var spelledNumber: Int {
    get { self[DependencyKeys.SpelledNumber.self] }
    set { self[DependencyKeys.SpelledNumber.self] = newValue }
  }
  var spelledName: String {
    get { self[DependencyKeys.SpelledName.self] }
    set { self[DependencyKeys.SpelledName.self] = newValue }
  }
  var spelledClient: DependencyKeys.SpelledClient.Value {
    get { self[DependencyKeys.SpelledClient.self] }
    set { self[DependencyKeys.SpelledClient.self] = newValue }
  }
  var selfKeyedGreeter: SelfKeyedGreeter {
    get { self[SelfKeyedGreeter.self] }
    set { self[SelfKeyedGreeter.self] = newValue }
  }
}

/// A model as swift-dependencies users write them: `@Dependency` properties, made in a scope and
/// read later.
final class SpelledModel {
  @Dependency(\.spelledNumber) var number
  @Dependency(\.spelledName) var name
  @Dependency(\.selfKeyedGreeter) var greeter
}

/// Reads `spelledClient`, which has no test value.
struct SpelledClientReader {
  @Dependency(\.spelledClient) var client
}

/// An error that an update or an operation throws.
struct SpelledError: Error {}

/// A value computed after a suspension, for update closures that `await`.
func suspendedValue<Value: Sendable>(_ value: Value) async -> Value {
  await Task.yield()
  return value
}
