import _EnvironmentAtomics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the core keeps per thread: the work in progress on it (defaults being computed,
/// environments being created, what it waits for), the objects it is releasing, and the parent
/// of the environment it is deriving.
///
/// Only the owning thread changes a context. Other threads read `work` (for the diagnostic of a
/// wait that lasts), under `workLock`.
///
/// `@unchecked Sendable`: `work` is guarded by `workLock`; every other property is touched only
/// by the owning thread.
package final class ThreadContext: @unchecked Sendable {
  /// Numbers threads in diagnostics, in the order they first needed a context.
  let number: Int
  /// The thread's name, if it has one, captured when the context was created.
  let name: String

  /// The work in progress on this thread.
  let workLock = LockedValue<WorkInProgress>.make(WorkInProgress())
  /// Releases pending on this thread (see `DeferredRelease`; whether the thread is draining them
  /// is `environment_draining`, in C). (Exclusivity is not checked at run time: only the owning
  /// thread touches it.)
  @exclusivity(unchecked) var releaseQueue: [DeferredRelease.Pending] = []
  /// Derivations in progress on this thread, innermost last (see `Node.make(for:)`).
  @exclusivity(unchecked) var derivations: [PendingDerivation] = []
  /// Whether this thread is identifying pending aliases (see `PendingAlias`).
  @exclusivity(unchecked) var isIdentifyingAliases = false
  /// How many writes' accessor runs and `withValues` update closures are running on this thread
  /// (see `settingValues`).
  @exclusivity(unchecked) var settingDepth = 0
  /// The `prepareDependencies` whose update runs on this thread, if any: the defaults it reads
  /// are its own, and nothing read is cached meanwhile (see `Preparation`).
  @exclusivity(unchecked) var preparation: Preparation?
  /// Whether a default computed on this thread inside an update deferred its missing live value's
  /// report (see `MissingLiveValue`), until `Tree.defaultValue` records it on the default.
  @exclusivity(unchecked) var missingLiveValueDeferred = false
  /// The key paths this thread has recorded in `KnownKeyPaths` (so that a repeated write takes
  /// no process-wide lock).
  @exclusivity(unchecked) var recordedKeyPaths: Set<ObjectIdentifier> = []
  /// The key path this thread recorded or found recorded last (one of `recordedKeyPaths`).
  @exclusivity(unchecked) var lastRecordedKeyPath: ObjectIdentifier?
  /// The node whose read is computing a default on this thread, unretained (the computing read
  /// holds it), or nil (see `DefaultInProgress`).
  @exclusivity(unchecked) var defaultReadingNode: Unretained<NodeStorage>?
  #if ENVIRONMENT_INTERNAL_CHECKS
    /// The scheduler this thread hands control to at interleaving points (tests only).
    @exclusivity(unchecked) package var interleavingAgent: (any InterleavingAgent)?
    /// Bugs injected on this thread on purpose, to show that a test catches them (tests only).
    @exclusivity(unchecked) package var injectedFaults: InjectedFaults = []
  #endif

  private init(number: Int, name: String) {
    self.number = number
    self.name = name
  }

  /// The calling thread's context, created on first use and released when the thread exits.
  ///
  /// The pthread key holds the context (its destructor releases it at thread exit); a C
  /// thread-local copy of the pointer makes the common case one load instead of
  /// `pthread_getspecific` and the key's lazy initialization (several calls per derivation, per
  /// first read).
  package static var current: ThreadContext {
    if let pointer = environment_context_load() {
      return Unretained<ThreadContext>(opaque: pointer, keptAliveBy: .thread).object
    }
    return makeCurrent()
  }

  /// Runs `body` with the calling thread's context, not retained: the pthread key holds it until
  /// the thread exits. For the paths every request takes (making an environment, releasing one,
  /// a write), where `current` was retained and released up to four times per request.
  ///
  /// ```swift
  /// ThreadContext.withCurrent { context in context.derivations.isEmpty }
  /// ```
  @inline(__always)
  package static func withCurrent<Result>(_ body: (ThreadContext) -> Result) -> Result {
    let pointer =
      environment_context_load() ?? Unretained(makeCurrent(), keptAliveBy: .thread).opaque
    return Unretained<ThreadContext>(opaque: pointer, keptAliveBy: .thread).with(body)
  }

  /// Runs `body` with the calling thread's context, not retained, if it has one; makes none (for
  /// the checked builds' hooks, which may run while the thread is pinned, where making a context
  /// would take the registry's lock).
  ///
  /// ```swift
  /// ThreadContext.withExisting { $0.injectedFaults } ?? []
  /// ```
  @inline(__always)
  package static func withExisting<Result>(_ body: (ThreadContext) -> Result) -> Result? {
    guard let pointer = environment_context_load() else { return nil }
    return Unretained<ThreadContext>(opaque: pointer, keptAliveBy: .thread).with(body)
  }

  /// Creates the calling thread's context and registers it with the pthread key and the
  /// thread-local copy. A thread whose context was released at exit (another key's destructor
  /// needed one afterwards) gets a new one, released in turn.
  private static func makeCurrent() -> ThreadContext {
    if let pointer = pthread_getspecific(threadKey) {
      environment_context_store(pointer)
      return Unretained<ThreadContext>(opaque: pointer, keptAliveBy: .thread).object
    }
    let context = registry.withLock { registry in
      registry.count += 1
      let context = ThreadContext(number: registry.count, name: currentThreadName())
      registry.live[ObjectIdentifier(context)] = context
      return context
    }
    let pointer = Unmanaged.passRetained(context).toOpaque()
    WaitRoom.check(pthread_setspecific(threadKey, pointer), "pthread_setspecific")
    environment_context_store(pointer)
    return context
  }

  /// Every live thread's context, for diagnostics.
  static var all: [ThreadContext] {
    registry.withLock { Array($0.live.values) }.sorted { $0.number < $1.number }
  }

  /// How diagnostics name the thread.
  var label: String { name.isEmpty ? "thread #\(number)" : "thread #\(number) (\(name))" }

  /// `nonisolated(unsafe)`: immutable reference; the registry is only touched under its lock.
  nonisolated(unsafe) private static let registry = LockedValue<
    (count: Int, live: [ObjectIdentifier: ThreadContext])
  >
  .make((0, [:]))

  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    // Releases the context at the thread's exit. The pointer is optional on some platforms only.
    let status = pthread_key_create(&key) { pointer in
      guard let pointer = pointer as UnsafeMutableRawPointer? else { return }
      environment_context_store(nil)
      let context = Unmanaged<ThreadContext>.fromOpaque(pointer).takeRetainedValue()
      let removed = registry.withLock { $0.live.removeValue(forKey: ObjectIdentifier(context)) }
      withExtendedLifetime(removed) {}
    }
    WaitRoom.check(status, "pthread_key_create")
    return key
  }()
}

/// The calling thread's name, or "" when it has none.
private func currentThreadName() -> String {
  var buffer = [CChar](repeating: 0, count: 64)
  guard environment_thread_name(&buffer, UInt(buffer.count)) else { return "" }
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

extension ThreadContext {
  /// Runs `body` as code that sets dependencies: a write through a key path of several components
  /// (`with(\.client.fetch, …)`, whose getter reads `client` to change part of it) or a
  /// `withValues` update closure (`$0.client.fetch = { … }`). Reads made meanwhile are part of a
  /// change, not uses: a key without a test value read then is not reported in a test context
  /// (as swift-dependencies does while setting).
  ///
  /// ```swift
  /// ThreadContext.settingValues { try update(&dependencies) }
  /// ```
  package static func settingValues<Result>(_ body: () throws -> Result) rethrows -> Result {
    let context = current
    context.settingDepth += 1
    defer { context.settingDepth -= 1 }
    return try body()
  }

  /// `settingValues` for an update that may suspend (`withDependencies { $0.x = await … }`, an
  /// asynchronous trait update): a task-local mark, which follows the task from thread to thread,
  /// where the per-thread count could not.
  ///
  /// ```swift
  /// try await ThreadContext.settingValues { try await update(&dependencies) }
  /// ```
  package static func settingValues<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await $isSettingValuesInTask.withValue(true, operation: body)
  }

  /// Whether the current task runs an update that may suspend (see `settingValues(isolation:_:)`).
  @TaskLocal static var isSettingValuesInTask = false

  /// Whether this thread, or the task it runs, is running code that sets dependencies (see
  /// `settingValues`).
  var isSettingValues: Bool { settingDepth > 0 || Self.isSettingValuesInTask }
}
