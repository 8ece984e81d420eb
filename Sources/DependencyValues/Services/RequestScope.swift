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
/// Not `Sendable`: acquire resources from the scope's own task. Releases run on that task, after
/// the scope's body, even when it was cancelled (a release that checks for cancellation sees it).
public final class RequestScope {
  /// A release: synchronous ones are called without an asynchronous call's cost.
  private enum Release {
    case sync(() throws -> Void)
    case async(() async throws -> Void)
  }

  /// The releases, in the order their resources were acquired.
  private var releases: [Release] = []
  /// Whether some release is asynchronous: otherwise they all run without an asynchronous call.
  private var hasAsyncRelease = false

  private init() {}

  /// Takes ownership of `resource`, made by the caller: `release` runs with it when the scope
  /// ends.
  ///
  /// ```swift
  /// let connection = scope.acquire(try await pool.connection()) { try await $0.close() }
  /// ```
  public func acquire<Resource>(
    _ resource: Resource, release: @escaping (Resource) async throws -> Void
  ) -> Resource {
    reserve()
    hasAsyncRelease = true
    releases.append(.async { try await release(resource) })
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
    reserve()
    releases.append(.sync { try release(resource) })
    return resource
  }

  /// Room for a request's few resources at the first one, rather than growing one by one.
  private func reserve() {
    if releases.isEmpty { releases.reserveCapacity(4) }
  }

  /// Runs `release` when the scope ends, in reverse order with the resources' releases.
  ///
  /// ```swift
  /// scope.onEnd { await metrics.record(requestDuration) }
  /// ```
  public func onEnd(_ release: @escaping () async throws -> Void) {
    reserve()
    hasAsyncRelease = true
    releases.append(.async(release))
  }

  /// Runs the synchronous `release` when the scope ends, in reverse order with the others.
  ///
  /// ```swift
  /// scope.onEnd { log.info("request done") }
  /// ```
  public func onEnd(_ release: @escaping () throws -> Void) {
    reserve()
    releases.append(.sync(release))
  }

  /// Runs `body` with `child` and a new scope, then releases what it acquired, in reverse
  /// order. The body's error wins over a release's; a release's error is thrown when the body
  /// returned, after every release ran.
  ///
  /// ```swift
  /// try await RequestScope.run(child, body)
  /// ```
  package static func run<Child, Result>(
    _ child: sending Child,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Child, RequestScope) async throws -> Result
  ) async throws -> Result {
    let scope = RequestScope()
    let result: Result
    do {
      result = try await body(child, scope)
    } catch {
      _ = scope.hasAsyncRelease ? await scope.releaseAll() : scope.releaseAllSynchronously()
      throw error
    }
    let releaseError =
      scope.hasAsyncRelease ? await scope.releaseAll() : scope.releaseAllSynchronously()
    if let releaseError { throw releaseError }
    return result
  }

  /// `releaseAll()` when every release is synchronous.
  private func releaseAllSynchronously() -> (any Error)? {
    var firstError: (any Error)?
    while case .sync(let release) = releases.popLast() {
      do { try release() } catch { firstError = firstError ?? error }
    }
    assert(releases.isEmpty, "every release is synchronous")
    return firstError
  }

  /// Runs the releases, last acquired first; the first error one threw, if any.
  private func releaseAll(isolation: isolated (any Actor)? = #isolation) async -> (any Error)? {
    var firstError: (any Error)?
    while let release = releases.popLast() {
      do {
        switch release {
        case .sync(let release): try release()
        case .async(let release): try await release()
        }
      } catch {
        firstError = firstError ?? error
      }
    }
    return firstError
  }
}
