import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// A test run under a trait of `GlobalEnvTesting` has its own scope for that run only: what it
/// sets process-wide (its values, its context's defaults, its overlays) is released when the run
/// ends, so that a repetition starts afresh and a long run (`--repetitions`, thousands of tests)
/// keeps a flat heap. Each test here runs the trait's scope as Swift Testing does, many times.
@Suite("Per-test scopes", .serialized)
struct TestScopeLifetimeTests {
  /// Runs `body` as Swift Testing runs the running test once more under `trait`.
  static func runAgain<T: TestTrait & TestScoping>(
    _ trait: T, _ body: @Sendable () async throws -> Void
  ) async throws {
    let test = try #require(Test.current)
    try await trait.provideScope(for: test, testCase: nil, performing: body)
  }

  @Test func whatARunPreparesIsGoneInTheNextRun() async throws {
    try await Self.runAgain(.dependencies { $0.scopedName = "first run" }) {
      Dependencies.prepare { $0.scoped = 1 }
      #expect(Reader().scoped == 1)
    }
    try await Self.runAgain(.dependencies { $0.scopedName = "second run" }) {
      #expect(Reader().scoped == 0)
    }
    try await Self.runAgain(.dependencyTestContext) {
      Dependencies.prepare { $0.scoped = 3 }  // not "prepared before"
      #expect(Reader().scoped == 3)
    }
  }

  @Test func tenThousandRunsThatSetValuesProcessWideLeaveTheHeapFlat() async throws {
    /// One run: values set process-wide and in the trait's scope, defaults read, a model made in
    /// a `withValues` scope read from the test's own scope (an overlay).
    func run(_ index: Int) async throws {
      try await Self.runAgain(.dependencies { $0.scopedName = "run \(index)" }) {
        Dependencies.prepare { $0.scoped = index }
        let model = Dependencies.withValues {
          $0.base = index
        } operation: {
          Reader()
        }
        #expect(model.scoped == index && model.base == index)
        #expect(Reader().scopedName == "run \(index)")
      }
    }
    for index in 0..<500 { try await run(index) }
    // The least growth of three rounds: what tests running in parallel allocate meanwhile does
    // not count, growth that the runs cause shows in every round.
    var least = Int.max
    for round in 0..<3 {
      let before = try #require(heapBytesInUse())
      for index in 0..<10_000 { try await run(round * 10_000 + index) }
      least = min(least, try #require(heapBytesInUse()) - before)
    }
    #expect(least < 1 << 20, "the heap grew by \(least) bytes over 10,000 runs")
  }
}
