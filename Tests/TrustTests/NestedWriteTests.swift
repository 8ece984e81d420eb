import ComposableEnv
import TestSupport
import Testing

/// Writes through a key path of several components change only the addressed field. Before the
/// fix, the getter of `endpoints` got the value being written for every key of its type, so
/// writing `\.endpoints.primary` also overwrote `fallback`.
enum NestedKeys {
  struct Primary: LiveInTests { static var defaultValue: String { "primary-default" } }
  struct Fallback: LiveInTests { static var defaultValue: String { "fallback-default" } }
  struct Lower: LiveInTests { static var defaultValue: Int { 1 } }
  struct Counted: LiveInTests {
    static var defaultValue: Int {
      NestedKeys.defaults.increment()
      return 0
    }
  }
  static let defaults = Counter()
}

struct Endpoints: Sendable {
  var primary: String
  var fallback: String
}

struct Span: Sendable {
  var lower: Int
  var upper: Int
}

extension Dependencies {
  var endpoints: Endpoints {
    get {
      Endpoints(primary: self[NestedKeys.Primary.self], fallback: self[NestedKeys.Fallback.self])
    }
    set {
      self[NestedKeys.Primary.self] = newValue.primary
      self[NestedKeys.Fallback.self] = newValue.fallback
    }
  }
  /// A getter that reads one key into one field; the setter writes that field back.
  var span: Span {
    get { Span(lower: self[NestedKeys.Lower.self], upper: 100) }
    set { self[NestedKeys.Lower.self] = newValue.lower }
  }
  var counted: Int {
    get { self[NestedKeys.Counted.self] }
    set { self[NestedKeys.Counted.self] = newValue }
  }
}

@Suite("Nested writes")
struct NestedWriteTests {
  @Test func nestedWriteLeavesTheOtherFieldAtItsDefault() {
    let root = TrustRoot().with(\.endpoints.primary, "primary-2")
    let endpoints = root[dynamicMember: \.endpoints]
    #expect(endpoints.primary == "primary-2")
    #expect(endpoints.fallback == "fallback-default")
  }

  @Test func nestedWriteLeavesTheOtherFieldAsSet() {
    let root = TrustRoot().with(\.endpoints.fallback, "fallback-1")
    let child = root.child.with(\.endpoints.primary, "primary-2")
    #expect(child[dynamicMember: \.endpoints.fallback] == "fallback-1")
    #expect(child[dynamicMember: \.endpoints.primary] == "primary-2")
    #expect(root[dynamicMember: \.endpoints.primary] == "primary-default")
  }

  @Test func nestedWriteOfAFieldTheSetterIgnoresChangesNothing() {
    let root = TrustRoot().with(\.span.upper, 5)
    #expect(root[dynamicMember: \.span.lower] == 1)
    root.with(\.span.lower, 7).with(\.span.upper, 9)
    #expect(root[dynamicMember: \.span.lower] == 7)
  }

  @Test func nestedWriteThroughAKeyPathMadeAtRunTime() {
    let endpoints: WritableKeyPath<Dependencies, Endpoints> = \.endpoints
    let root = TrustRoot().with(endpoints.appending(path: \.fallback), "fallback-3")
    #expect(root[dynamicMember: \.endpoints.primary] == "primary-default")
    #expect(root[dynamicMember: \.endpoints.fallback] == "fallback-3")
  }

  @Test func directWriteComputesNoDefault() {
    let before = NestedKeys.defaults.count
    let root = TrustRoot().with(\.counted, 4)
    root[\.counted] = 5
    #expect(NestedKeys.defaults.count == before)
    #expect(root[dynamicMember: \.counted] == 5)
  }
}
