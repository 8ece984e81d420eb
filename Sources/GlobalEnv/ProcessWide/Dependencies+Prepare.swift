import DependencyValues
import _EnvironmentCore

/// Sets process-wide values once, at start-up, before anything reads them, and returns what
/// `update` returns. (`Dependencies.prepare(_:)` is this library's spelling of it, and calls it.)
///
/// ```swift
/// @main struct App {
///   static func main() async throws {
///     let database = try prepareDependencies {
///       $0.apiClient = .live(baseURL: URL(string: "https://example.com")!)
///       return try Database.open()
///     }
///     …
///   }
/// }
/// ```
///
/// A key whose default was read before the values are set (code that read it got the default),
/// in this context or in the one the calling scope reads (a `withDependencies { $0.context =
/// .live }` scope's), or that was prepared before, is not changed, as with swift-dependencies:
/// the call is reported, naming the key (it fails the running test, or says so on standard
/// error). The other keys are set. The check and the setting are one step against reads on other
/// threads: a read that comes first is kept and reported, and one that comes after reads the
/// prepared value. Reads that `update` makes (`$0.date.now = …` reads `date` to set part of it)
/// are its own: they do not count as reads before. In a preview, a key read before is set, as
/// swift-dependencies sets it.
///
/// In a test, the values are the test's own: they are set on its test context's scope (or, in
/// a process that runs tests, on the scope the test gets of its own), and reach no other test.
@discardableResult
public func prepareDependencies<Result>(_ update: (inout Dependencies) throws -> Result) rethrows
  -> Result
{
  let scope = GlobalDependencies.processWideScope
  let target = scope?.node ?? GlobalDependencies.root
  GlobalDependencies.RunningTestScopes.checkWrite()
  // Written into values of their own first (a copy of the target's, as swift-dependencies'
  // `DependencyValues` is a value; the defaults it reads are its own: see `Preparation`), then
  // committed as the keys' defaults but for those refused, then set on the target.
  var values = target.detachedValues()
  let (result, preparation) = try Preparation.run(at: target) {
    try ThreadContext.settingValues { try update(&values) }
  }
  let written = values.writtenKeys
  let repeated = PreparedKeys.record(written.map(\.id), in: scope)
  let caller = GlobalDependencies.innermostScope?.node ?? target
  let read = preparation.commit(
    written.filter { !repeated.contains($0.id) }.map { ($0.id, $0.box) },
    in: [target.contextForDefaults(), caller.contextForDefaults()])
  let refused = written.filter { read.contains($0.id) || repeated.contains($0.id) }
  for key in refused {
    TestFailureReporting.record(
      read.contains(key.id)
        ? """
        prepareDependencies was given \(key.name) after its value was read: it keeps the value \
        that was read. Prepare dependencies at start-up, before anything reads them.
        """
        : """
        prepareDependencies was given \(key.name), which was prepared before: it keeps the \
        value prepared first. Prepare each dependency once, at start-up (use withDependencies \
        to change it for an operation).
        """,
      at: nil)
  }
  var targetValues = target.dependencies()
  ThreadContext.settingValues {
    values.replayWritten(into: &targetValues, except: Set(refused.map(\.id)))
  }
  return result
}

extension Dependencies {
  /// Sets process-wide values once, at start-up, before anything reads them, and returns what
  /// `update` returns: this library's spelling of `prepareDependencies(_:)`, which it calls.
  ///
  /// ```swift
  /// @main struct App {
  ///   static func main() {
  ///     Dependencies.prepare { $0.apiClient = .live }
  ///     …
  ///   }
  /// }
  /// ```
  @discardableResult
  public static func prepare<Result>(_ update: (inout Dependencies) throws -> Result) rethrows
    -> Result
  {
    try GlobalEnv.prepareDependencies(update)
  }
}

/// The keys `Dependencies.prepare` has set, for the process or for a test's scope (cleared by
/// `Dependencies.reset()`).
enum PreparedKeys {
  /// `nonisolated(unsafe)`: an immutable reference; the set is only touched under its lock.
  nonisolated(unsafe) static let processWide = LockedValue<Set<ObjectIdentifier>>.make([])

  /// Adds `ids` to the keys prepared in `scope` (a test's), or process-wide, returning those
  /// that were there already.
  static func record(_ ids: [ObjectIdentifier], in scope: GlobalDependencies.Scope?)
    -> Set<ObjectIdentifier>
  {
    (scope?.preparedKeys ?? processWide).withLock { keys in
      Set(ids.filter { !keys.insert($0).inserted })
    }
  }
}
