import DependencyValues
import _EnvironmentCore

/// The resources one request (or any scope) owns: each is released when the scope ends, in the
/// reverse of the order they were acquired, whether the scope returns, throws or is cancelled.
///
/// ```swift
/// try await app.withChild(RequestEnvironment.self) { request, scope in
///   let transaction = scope.acquire(try await database.begin()) { transaction in
///     try await transaction.rollbackUnlessCommitted()
///   }
///   request.with(\.transaction, transaction)
///   try await handle(request)
/// }
/// ```
///
/// A release may acquire or register more while the scope releases (the scope is a stack): what it
/// registers is released next, before what was registered earlier, whether it is synchronous or
/// asynchronous.
///
/// Not `Sendable`: acquire resources from the scope's own task. Releases run on that task, after
/// the scope's body, even when it was cancelled (a release that checks for cancellation sees it).
///
/// A scope kept past its end (stored, or captured by a task that outlives the body) owns nothing
/// more: a resource acquired or a release registered then is a programmer error, reported (a
/// test failure in tests, a message on standard error elsewhere) with the scope's environment,
/// and its release runs at once, so that nothing leaks: a synchronous one before the call
/// returns, an asynchronous one in a new task.
public final class RequestScope {
  /// A release: synchronous ones are called without an asynchronous call's cost.
  private enum Release {
    case sync(() throws -> Void)
    case async(() async throws -> Void)
  }

  /// The releases, in the order they were registered: a stack, popped from the end as the scope
  /// ends, which a release may push onto (what it registers runs next).
  private var releases: [Release] = []

  /// The environment type the scope belongs to, named in the report of a use after its end
  /// (only then: naming a type costs microseconds); `nil` for GlobalEnv's `withRequestScope`.
  private let owner: Any.Type?

  /// Set once every release has run: what is registered after that runs at once.
  private var ended = false

  private init(owner: Any.Type?) { self.owner = owner }

  /// Takes ownership of `resource`, made by the caller: `release` runs with it when the scope
  /// ends.
  ///
  /// ```swift
  /// let connection = scope.acquire(try await pool.connection()) { try await $0.close() }
  /// ```
  public func acquire<Resource>(
    _ resource: Resource, release: @escaping (Resource) async throws -> Void
  ) -> Resource {
    register(.async { try await release(resource) }, "acquire(_:release:)")
    return resource
  }

  /// Takes ownership of `resource`, whose `release` is synchronous.
  ///
  /// ```swift
  /// let buffer = scope.acquire(Buffer.allocate()) { $0.deallocate() }
  /// ```
  public func acquire<Resource>(
    _ resource: Resource, release: @escaping (Resource) throws -> Void
  ) -> Resource {
    register(.sync { try release(resource) }, "acquire(_:release:)")
    return resource
  }

  /// Pushes `release`, or, once the scope has ended, reports the call (`method`) and runs the
  /// release at once.
  private func register(_ release: Release, _ method: String) {
    guard !ended else { return runAfterEnd(release, method) }
    // Room for a request's few resources at the first one, rather than growing one by one.
    if releases.isEmpty { releases.reserveCapacity(4) }
    releases.append(release)
  }

  /// Reports a use of the scope after its end and runs `release` at once: a synchronous release
  /// here, an asynchronous one in a new task.
  private func runAfterEnd(_ release: Release, _ method: String) {
    let owner =
      owner.map { "the request scope of \(String(reflecting: $0))" } ?? "a withRequestScope scope"
    TestFailureReporting.record(
      """
      RequestScope.\(method) was called on \(owner) after that scope ended: its release \
      runs now. Acquire resources and register releases in the scope's body \
      only (a scope kept past its body owns nothing).
      """, at: nil)
    let threw = "swift-composable-env: a release registered after the end of \(owner) threw"
    switch release {
    case .sync(let release):
      do { try release() } catch { writeToStandardError("\(threw) \(error)") }
    case .async(let release):
      // `nonisolated(unsafe)`: handed over to the new task and never used here again; the scope
      // that should have run it on its own task has ended.
      nonisolated(unsafe) let release = release
      Task {
        do { try await release() } catch { writeToStandardError("\(threw) \(error)") }
      }
    }
  }

  /// Runs `release` when the scope ends, in reverse order with the resources' releases.
  ///
  /// ```swift
  /// scope.onEnd { await metrics.record(requestDuration) }
  /// ```
  public func onEnd(_ release: @escaping () async throws -> Void) {
    register(.async(release), "onEnd(_:)")
  }

  /// Runs the synchronous `release` when the scope ends, in reverse order with the others.
  ///
  /// ```swift
  /// scope.onEnd { log.info("request done") }
  /// ```
  public func onEnd(_ release: @escaping () throws -> Void) {
    register(.sync(release), "onEnd(_:)")
  }

  /// Runs `body` with `child` and a new scope, then releases what it acquired, in reverse
  /// order. The body's error wins over a release's; a release's error is thrown when the body
  /// returned, after every release ran. `owner` is the scope's environment type, named in
  /// reports (`nil`: GlobalEnv's `withRequestScope`).
  ///
  /// ```swift
  /// try await RequestScope.run(child, owner: RequestEnvironment.self, body)
  /// ```
  package static func run<Child, Result>(
    _ child: sending Child,
    owner: Any.Type?,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Child, RequestScope) async throws -> Result
  ) async throws -> Result {
    let scope = RequestScope(owner: owner)
    let outcome: Swift.Result<Result, any Error>
    do {
      outcome = .success(try await body(child, scope))
    } catch {
      outcome = .failure(error)
    }
    // Every release, last registered first, until none is left: one registered while releasing
    // runs next. No asynchronous call while every release is synchronous: after
    // `releaseSynchronously`, the stack is empty or an asynchronous release (acquired by the
    // body, or registered by a release while releasing) is on top, awaited here. The first error
    // a release threw is kept.
    var releaseError: (any Error)?
    scope.releaseSynchronously(firstError: &releaseError)
    while case .async(let release)? = scope.releases.popLast() {
      do { try await release() } catch { releaseError = releaseError ?? error }
      scope.releaseSynchronously(firstError: &releaseError)
    }
    scope.ended = true
    let result = try outcome.get()
    if let releaseError { throw releaseError }
    return result
  }

  /// Runs the synchronous releases on top of the stack, last registered first, until it is empty
  /// or an asynchronous release is on top (left there for `run` to await); sets `firstError` to
  /// the first error one threw, unless it is set.
  private func releaseSynchronously(firstError: inout (any Error)?) {
    while case .sync(let release)? = releases.last {
      releases.removeLast()
      do { try release() } catch { firstError = firstError ?? error }
    }
  }
}
