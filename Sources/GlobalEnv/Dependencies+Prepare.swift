import DependencyValues
import _EnvironmentCore

extension Dependencies {
  /// Sets process-wide values once, at start-up, before anything reads them, and returns what
  /// `update` returns.
  ///
  /// ```swift
  /// @main struct App {
  ///   static func main() async throws {
  ///     let database = try Dependencies.prepare {
  ///       $0.apiClient = .live(baseURL: URL(string: "https://example.com")!)
  ///       return try Database.open()
  ///     }
  ///     …
  ///   }
  /// }
  /// ```
  ///
  /// Preparing a key whose default was already read (code that read it got the default, not
  /// this value), or a key prepared before, is reported: it fails the running test, or says so on
  /// standard error, naming the key. The values are set all the same, as `with(_:_:)` sets them.
  ///
  /// In a test, the values are the test's own: they are set on its test context's scope (or, in
  /// a process that runs tests, on the scope the test gets of its own), and reach no other test.
  @discardableResult
  public static func prepare<Result>(_ update: (inout Dependencies) throws -> Result) rethrows
    -> Result
  {
    let scope = GlobalDependencies.processWideScope
    let target = scope?.node ?? GlobalDependencies.root
    GlobalDependencies.RunningTestScopes.checkWrite()
    let before = target.localValues()
    let read = target.keysWithComputedDefaults()
    var dependencies = target.dependencies()
    let result = try ThreadContext.settingValues { try update(&dependencies) }
    let prepared = target.localValues().filter { value in
      !before.contains { $0.key.id == value.key.id && $0.box === value.box }
    }
    let repeated = PreparedKeys.record(prepared.map(\.key.id), in: scope)
    for (key, _) in prepared {
      if read.contains(key.id) {
        TestFailureReporting.record(
          """
          Dependencies.prepare set \(key.name) after its default was read: the code that read it \
          got the default, not the prepared value. Prepare dependencies at start-up, before \
          anything reads them.
          """,
          at: nil)
      } else if repeated.contains(key.id) {
        TestFailureReporting.record(
          """
          Dependencies.prepare set \(key.name), which was prepared before: prepare each \
          dependency once, at start-up (use withValues to change it for an operation).
          """,
          at: nil)
      }
    }
    return result
  }
}

/// The keys `Dependencies.prepare` has set, for the process or for a test's scope (cleared by
/// `Dependencies.reset()`).
enum PreparedKeys {
  /// `nonisolated(unsafe)`: an immutable reference; the set is only touched under its lock.
  nonisolated(unsafe) private static let processWide = LockedValue<Set<ObjectIdentifier>>.make([])

  /// Adds `ids` to the keys prepared in `scope` (a test's), or process-wide, returning those
  /// that were there already.
  static func record(_ ids: [ObjectIdentifier], in scope: GlobalDependencies.Scope?)
    -> Set<ObjectIdentifier>
  {
    (scope?.preparedKeys ?? processWide).withLock { keys in
      Set(ids.filter { !keys.insert($0).inserted })
    }
  }

  /// Forgets every key prepared in `scope` (a test's), or process-wide.
  static func removeAll(in scope: GlobalDependencies.Scope?) {
    (scope?.preparedKeys ?? processWide).withLock { $0.removeAll() }
  }
}
