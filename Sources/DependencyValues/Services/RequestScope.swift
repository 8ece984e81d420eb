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
  /// The releases, in the order their resources were acquired.
  private var releases: [() async throws -> Void] = []

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
    releases.append { try await release(resource) }
    return resource
  }

  /// Runs `release` when the scope ends, in reverse order with the resources' releases.
  ///
  /// ```swift
  /// scope.onEnd { await metrics.record(requestDuration) }
  /// ```
  public func onEnd(_ release: @escaping () async throws -> Void) {
    releases.append(release)
  }

  /// Runs `body` with a new scope, then releases what it acquired, in reverse order. The body's
  /// error wins over a release's; a release's error is thrown when the body returned, after
  /// every release ran.
  ///
  /// ```swift
  /// try await RequestScope.run { scope in try await body(child, scope) }
  /// ```
  package static func run<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (RequestScope) async throws -> Result
  ) async throws -> Result {
    let scope = RequestScope()
    let outcome: Swift.Result<Result, any Error>
    do {
      outcome = .success(try await body(scope))
    } catch {
      outcome = .failure(error)
    }
    var firstReleaseError: (any Error)?
    while let release = scope.releases.popLast() {
      do { try await release() } catch { firstReleaseError = firstReleaseError ?? error }
    }
    let result = try outcome.get()
    if let firstReleaseError { throw firstReleaseError }
    return result
  }
}
