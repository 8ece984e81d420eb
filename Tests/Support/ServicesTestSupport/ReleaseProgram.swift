import DependencyServices
import TestSupport

/// A seeded random program of releases for a `RequestScope`, and the reference model of what
/// running it must do, for model-based tests of both modules' request scopes.
///
/// The body acquires resources and registers `onEnd` releases, synchronous and asynchronous; a
/// release may throw, and may itself acquire or register more while the scope releases; the body
/// returns or throws. The reference model is a plain stack: the scope pops the last release
/// registered, runs it, pushes what it registered, until the stack is empty. The body's error
/// wins; otherwise the first error a release threw (in the order they ran) is thrown.
///
/// ```swift
/// let program = ReleaseProgram(seed: seed)
/// let outcome = await program.run { body in
///   try await root.withChild(RequestChild.self) { _, scope in try await body(scope) }
/// }
/// #expect(outcome == program.expected, "seed \(seed)")
/// ```
public struct ReleaseProgram: Sendable, CustomStringConvertible {
  /// An error the program throws: the body's, or release `id`'s.
  public enum Failure: Error, Equatable, Sendable {
    case body
    case release(id: Int)
  }

  /// What running the program did: the ids of the releases in the order they ran, and the error
  /// the scope threw.
  public struct Outcome: Equatable, Sendable {
    public var ran: [Int]
    public var error: Failure?
  }

  /// How a release is registered.
  enum Kind: CaseIterable, Sendable {
    case acquireSync, acquireAsync, onEndSync, onEndAsync

    var isAsync: Bool { self == .acquireAsync || self == .onEndAsync }
  }

  /// One release: registered by the body, or by the release that holds it in `registers`.
  struct Release: Sendable {
    let id: Int
    let kind: Kind
    let throwsError: Bool
    /// What this release registers on the scope when it runs, in order.
    let registers: [Release]
  }

  /// The releases the body registers, in order.
  let releases: [Release]
  let bodyThrows: Bool

  /// A program drawn from `seed`: up to 6 releases registered by the body, each registering up
  /// to 3 more while releasing, 3 levels deep. Half the programs register only synchronous
  /// releases from the body (the scope's synchronous path), which their releases' asynchronous
  /// registrations must leave.
  public init(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var nextID = 0
    let bodyIsSynchronous = Bool.random(using: &generator)
    func draw(count: Int, depth: Int, synchronous: Bool) -> [Release] {
      (0..<count).map { _ in
        let kinds = synchronous ? [.acquireSync, .onEndSync] : Kind.allCases
        let kind = kinds.randomElement(using: &generator)!
        let id = nextID
        nextID += 1
        let throwsError = Int.random(in: 0..<5, using: &generator) == 0
        let nested = depth < 3 ? Int.random(in: 0...3, using: &generator) / (depth + 1) : 0
        return Release(
          id: id, kind: kind, throwsError: throwsError,
          registers: draw(count: nested, depth: depth + 1, synchronous: false))
      }
    }
    releases = draw(
      count: Int.random(in: 0...6, using: &generator), depth: 0, synchronous: bodyIsSynchronous)
    bodyThrows = Int.random(in: 0..<3, using: &generator) == 0
  }

  /// The reference model's outcome.
  public var expected: Outcome {
    var stack = releases
    var outcome = Outcome(ran: [], error: bodyThrows ? .body : nil)
    while let release = stack.popLast() {
      outcome.ran.append(release.id)
      if release.throwsError { outcome.error = outcome.error ?? .release(id: release.id) }
      stack.append(contentsOf: release.registers)
    }
    return outcome
  }

  /// Runs the program with `request`, which runs the body it is given with a new request scope
  /// (`withChild`, `withRequestScope`), and returns what happened.
  public func run(
    isolation: isolated (any Actor)? = #isolation,
    with request: (_ body: (RequestScope) async throws -> Void) async throws -> Void
  ) async -> Outcome {
    let log = ReleaseLog()
    var error: Failure?
    do {
      try await request { scope in
        for release in releases { register(release, on: scope, log: log) }
        if bodyThrows { throw Failure.body }
      }
    } catch let failure as Failure {
      error = failure
    } catch {
      preconditionFailure("a program throws only its own failures, not \(error)")
    }
    return Outcome(ran: log.ids, error: error)
  }

  /// Registers `release` on `scope`: when it runs, it logs its id, registers what it registers,
  /// and throws if it throws (after a suspension, when asynchronous).
  private func register(_ release: Release, on scope: RequestScope, log: ReleaseLog) {
    let run = { (id: Int) throws in
      log.ids.append(id)
      for nested in release.registers { register(nested, on: scope, log: log) }
      if release.throwsError { throw Failure.release(id: id) }
    }
    switch release.kind {
    case .acquireSync:
      _ = scope.acquire(release.id) { (id: Int) throws in try run(id) }
    case .acquireAsync:
      _ = scope.acquire(release.id) { (id: Int) async throws in
        await Task.yield()
        try run(id)
      }
    case .onEndSync:
      scope.onEnd { () throws in try run(release.id) }
    case .onEndAsync:
      scope.onEnd { () async throws in
        await Task.yield()
        try run(release.id)
      }
    }
  }

  public var description: String {
    func describe(_ releases: [Release]) -> String {
      releases.map { release in
        let nested = release.registers.isEmpty ? "" : " { \(describe(release.registers)) }"
        return "\(release.id) \(release.kind)\(release.throwsError ? " throws" : "")\(nested)"
      }.joined(separator: ", ")
    }
    return "body { \(describe(releases)) }\(bodyThrows ? " throws" : "")"
  }
}

/// The ids of the releases that ran, in order. Touched only from the scope's task.
private final class ReleaseLog {
  var ids: [Int] = []
}
