import GlobalEnv
import TestSupport
import Testing

// Adversarial tests of issue 53 (a scope that sets values shares with its parent the reads of key
// paths whose getter read one key it does not set). Each test has keys of its own.

private enum AdvA1: LiveInTests { static var defaultValue: Int { 1 } }
private enum AdvB1: LiveInTests { static var defaultValue: Int { 2 } }
private enum AdvA2: LiveInTests { static var defaultValue: Int { 1 } }
private enum AdvB2: LiveInTests { static var defaultValue: Int { 2 } }
private enum AdvA3: LiveInTests { static var defaultValue: Int { 1 } }
private enum AdvB3: LiveInTests { static var defaultValue: Int { 2 } }
private enum AdvA4: LiveInTests { static var defaultValue: Int { 1 } }
private enum AdvB4: LiveInTests { static var defaultValue: Int { 2 } }
private enum AdvUseB4: LiveInTests { static var defaultValue: Bool { false } }
private enum AdvA7: LiveInTests { static var defaultValue: Int { 1 } }
private enum AdvUseB7: LiveInTests { static var defaultValue: Bool { false } }
private enum AdvA8: LiveInTests { static var defaultValue: Int { 1 } }
private enum AdvA5: LiveInTests { static var defaultValue: Int { 1 } }
private enum AdvB5: LiveInTests { static var defaultValue: Int { 2 } }
private enum AdvA6: LiveInTests { static var defaultValue: Int { 1 } }
private enum AdvRequestID6: LiveInTests { static var defaultValue: Int { 0 } }
private enum AdvJob6: LiveInTests { static var defaultValue: Int { 0 } }

/// A logger built from one key (`advA6`), whose `@Dependency` reads the request's ID where the
/// logger was made.
private struct AdvLogger: Sendable {
  let a: Int
  @Dependency(\.advRequestID6) var requestID
  var description: String { "\(a)-\(requestID)" }
}

/// A client built from one key, whose `@Dependency` reads another where the client was made.
private struct AdvClient: Sendable {
  let a: Int
  @Dependency(\.advB5) var b
  var description: String { "\(a)-\(b)" }
}

/// How many times `advDoubled8`'s getter ran.
private let advDoubledRuns = Counter()

extension Dependencies {
  fileprivate var advA1: Int {
    get { self[AdvA1.self] }
    set { self[AdvA1.self] = newValue }
  }
  fileprivate var advB1: Int {
    get { self[AdvB1.self] }
    set { self[AdvB1.self] = newValue }
  }
  /// Reads `advA1` on the `Dependencies` it is called on, `advB1` through a `@Dependency` (the
  /// current scope's).
  fileprivate var advMixed1: String { "\(advA1)-\(Dependency(\.advB1).wrappedValue)" }

  fileprivate var advA2: Int {
    get { self[AdvA2.self] }
    set { self[AdvA2.self] = newValue }
  }
  fileprivate var advB2: Int {
    get { self[AdvB2.self] }
    set { self[AdvB2.self] = newValue }
  }
  fileprivate var advMixed2: String { "\(advA2)-\(Dependency(\.advB2).wrappedValue)" }

  fileprivate var advA3: Int {
    get { self[AdvA3.self] }
    set { self[AdvA3.self] = newValue }
  }
  fileprivate var advB3: Int {
    get { self[AdvB3.self] }
    set { self[AdvB3.self] = newValue }
  }
  /// Reads `advB3` of the current values (`Dependencies._current`, swift-dependencies'
  /// `DependencyValues._current`).
  fileprivate var advCurrent3: String { "\(advA3)-\(Dependencies._current.advB3)" }

  fileprivate var advA4: Int {
    get { self[AdvA4.self] }
    set { self[AdvA4.self] = newValue }
  }
  fileprivate var advB4: Int {
    get { self[AdvB4.self] }
    set { self[AdvB4.self] = newValue }
  }
  fileprivate var advUseB4: Bool {
    get { self[AdvUseB4.self] }
    set { self[AdvUseB4.self] = newValue }
  }
  /// Returns `advA4`'s value itself, or `advB4`'s, as `advUseB4`, read through the current scope,
  /// says.
  fileprivate var advConditional4: Int { Dependencies._current.advUseB4 ? advB4 : advA4 }

  fileprivate var advA7: Int {
    get { self[AdvA7.self] }
    set { self[AdvA7.self] = newValue }
  }
  fileprivate var advUseB7: Bool {
    get { self[AdvUseB7.self] }
    set { self[AdvUseB7.self] = newValue }
  }
  /// Returns `advA7`'s value itself, or 70, as `advUseB7`, read through a `@Dependency`, says.
  fileprivate var advConditional7: Int { Dependency(\.advUseB7).wrappedValue ? 70 : advA7 }

  fileprivate var advA8: Int {
    get { self[AdvA8.self] }
    set { self[AdvA8.self] = newValue }
  }
  /// A value made from `advA8`'s (as `date.now` is made from `date`), counting its runs.
  fileprivate var advDoubled8: Int {
    advDoubledRuns.increment()
    return advA8 * 2
  }

  fileprivate var advA5: Int {
    get { self[AdvA5.self] }
    set { self[AdvA5.self] = newValue }
  }
  fileprivate var advB5: Int {
    get { self[AdvB5.self] }
    set { self[AdvB5.self] = newValue }
  }
  fileprivate var advClient5: AdvClient { AdvClient(a: advA5) }

  fileprivate var advA6: Int {
    get { self[AdvA6.self] }
    set { self[AdvA6.self] = newValue }
  }
  fileprivate var advRequestID6: Int {
    get { self[AdvRequestID6.self] }
    set { self[AdvRequestID6.self] = newValue }
  }
  fileprivate var advJob6: Int {
    get { self[AdvJob6.self] }
    set { self[AdvJob6.self] = newValue }
  }
  fileprivate var advLogger6: AdvLogger { AdvLogger(a: advA6) }
}

private struct AdvReader {
  @Dependency(\.advMixed1) var mixed1
  @Dependency(\.advMixed2) var mixed2
  @Dependency(\.advCurrent3) var current3
  @Dependency(\.advConditional4) var conditional4
  @Dependency(\.advConditional7) var conditional7
  @Dependency(\.advDoubled8) var doubled8
  @Dependency(\.advClient5) var client5
  @Dependency(\.advLogger6) var logger6
}

@Suite("Shared reads, adversarial")
struct SharedReadAdversarialTests {
  /// A getter that reads a second key through `@Dependency` ran in a scope: its result is not
  /// the test's.
  @Test func aScopesResultIsNotTheParents() {
    let inScope = withDependencies {
      $0.advB1 = 20
    } operation: {
      AdvReader().mixed1
    }
    #expect(inScope == "1-20")
    #expect(AdvReader().mixed1 == "1-2")
  }

  /// The other order: a scope's result (cached where it is its own, as it sets `advA2`) is not
  /// a nested scope's.
  @Test func theParentsResultIsNotAScopes() {
    withDependencies {
      $0.advA2 = 7
    } operation: {
      #expect(AdvReader().mixed2 == "7-2")
      let inScope = withDependencies {
        $0.advB2 = 20
      } operation: {
        AdvReader().mixed2
      }
      #expect(inScope == "7-20")
    }
  }

  /// `Dependencies._current` in a getter.
  @Test func aGetterReadingTheCurrentValues() {
    let inScope = withDependencies {
      $0.advB3 = 30
    } operation: {
      AdvReader().current3
    }
    #expect(inScope == "1-30")
    #expect(AdvReader().current3 == "1-2")
  }

  /// A getter that returns one key's value, chosen by a key read through the current scope: a
  /// scope that sets that one runs the getter for itself.
  @Test func aGetterThatChoosesThroughTheCurrentScopeRunsInEachScope() {
    let first = withDependencies {
      $0.advB4 = 10
    } operation: {
      AdvReader().conditional4
    }
    #expect(first == 1)
    let second = withDependencies {
      $0.advUseB4 = true
    } operation: {
      AdvReader().conditional4
    }
    #expect(second == 2)
  }

  /// The same, with the choice read through a `@Dependency`.
  @Test func aGetterThatChoosesThroughADependencyRunsInEachScope() {
    #expect(AdvReader().conditional7 == 1)
    let inScope = withDependencies {
      $0.advUseB7 = true
    } operation: {
      AdvReader().conditional7
    }
    #expect(inScope == 70)
  }

  /// A getter that returns a value made from its key's runs in each scope that reads it.
  @Test func aGetterThatMakesAValueFromItsKeyRunsInEachScope() {
    #expect(AdvReader().doubled8 == 2)
    for index in 0..<3 {
      let inScope = withDependencies {
        $0.advUseB7 = index > 0
      } operation: {
        AdvReader().doubled8
      }
      #expect(inScope == 2)
    }
    #expect(advDoubledRuns.count == 4)
  }

  /// A client made in a scope keeps that scope (its `@Dependency`): the test's read gets a client
  /// made for the test.
  @Test func aClientMadeInAScopeIsNotTheParents() {
    let inScope = withDependencies {
      $0.advB5 = 50
    } operation: {
      AdvReader().client5
    }
    #expect(inScope.description == "1-50")
    #expect(AdvReader().client5.description == "1-2")
  }

  /// A request (a scope that sets its ID) then a job (a scope that sets something else): the
  /// job's logger is its own, not the request's.
  @Test func aSiblingScopeGetsALoggerOfItsOwn() {
    let request = withDependencies {
      $0.advRequestID6 = 1
    } operation: {
      AdvReader().logger6.description
    }
    let job = withDependencies {
      $0.advJob6 = 9
    } operation: {
      AdvReader().logger6.description
    }
    #expect(request == "1-1")
    #expect(job == "1-0")
  }
}
