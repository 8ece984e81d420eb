import DependencyValues

/// How a node appears in the environment path of a test failure, when its environment type's
/// name is not what users know it by (GlobalEnv's process-wide values and `withValues` scopes).
package protocol NamedInPath {
  /// How a node of this type appears in an environment path, such as `withValues scope`.
  static var nameInPath: String { get }
}

/// How an environment module words the advice of a test failure: adopted by the environment type
/// of its root nodes (GlobalEnv's tests set dependencies with scopes, not `with(_:_:)`).
package protocol TestFailureWording: NamedInPath {
  /// How a test sets `keyPath` (such as `\.apiClient`) to `value` (such as `APIClient(…)`).
  static func adviceToSet(_ keyPath: String, to value: String) -> String
}

extension TestContext {
  /// Fails the running test because `key` was read at `node`, found no value set on the way to
  /// the root and has no test value: once per context, test and key.
  ///
  /// Named and located by the reads in progress on this thread (`ReadTrace`): the `Dependencies`
  /// property whose getter read the key, and the line where the user's code reads it. Nothing
  /// is looked up: the report costs its message, and holds no lock of the library (a node's
  /// lock only while its type is read for the path) and no actor.
  func reportMissingTestValue(of key: KeyInfo, readAt node: Node) {
    let reporter = TestFailureReporting.reporter
    guard claimsReport(of: key, test: owner ?? reporter?.currentTestIdentity) else { return }
    let lineage = node.lineage
    let path = lineage.map(\.nameInPath).joined(separator: " → ")
    let read = ReadTrace.current
    let keyPath = read.property.map { "\\Dependencies.\($0)" }
    // Named once: a key's display name is made from its reflected type name.
    let keyName = key.name
    // What the advice sets: the key path that was read, or else the key itself (a read by key
    // type, `@Dependency(APIClient.self)`, has no key path; any key can be set by its type).
    let dependency = read.property.map { "\\.\($0)" } ?? "\(keyName).self"
    let setting =
      lineage.first.flatMap { $0.environmentType as? any TestFailureWording.Type }.map {
        $0.adviceToSet(dependency, to: "…")
      }
      ?? "`environment.with(\(dependency), …)` on the environment the test builds"
    let named = keyPath.map { "\($0) (\(keyName))" } ?? keyName
    // A built-in key (`date`, `uuid`, …) is not the user's to give a test value.
    let message =
      key.type is any BuiltInDependencyKey.Type
      ? """
      \(named) was read in a test context from \(path), but no environment on that path sets \
      it. It is a built-in dependency, unimplemented in tests, so the test read its live \
      value. Set it for this test: \(setting).
      """
      : """
      \(named) was read in a test context from \(path), but no environment on that path sets \
      it and \(keyName) has no test value, so the test read its live default value. Fix it \
      either way:
        • set it for this test: \(setting);
        • or give the key a value for tests: `static var testValue: \(key.shortValueTypeName) { … }` \
      in \(keyName).
      """
    record(message, at: read.site?.location)
  }
}

extension Node {
  /// How this node appears in an environment path.
  package var nameInPath: String {
    let type = environmentType
    return (type as? any NamedInPath.Type)?.nameInPath ?? KeyInfo.displayName(of: type)
  }

  /// The environment type that owns this node.
  package var environmentType: Any.Type { withLock { $0.environmentType } }
}
