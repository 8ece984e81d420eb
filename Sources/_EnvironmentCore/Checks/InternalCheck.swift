import _EnvironmentAtomics

/// The checked builds' assertions of the core's invariants (`ENVIRONMENT_INTERNAL_CHECKS`, every
/// debug build): a failed check prints its message and stops the process, unless the thread
/// observes failures, which is how tests prove that each check fires when its invariant is broken
/// on purpose (`observingFailures`). Compiled out of optimized builds.
///
/// ```swift
/// InternalCheck.require(!environment_is_pinned(), "a table is retired while pinned")
/// ```
@usableFromInline
package enum InternalCheck {
  /// Reports `message` unless `condition` holds (checked builds only).
  @inlinable @inline(__always)
  package static func require(_ condition: @autoclosure () -> Bool, _ message: StaticString) {
    #if ENVIRONMENT_INTERNAL_CHECKS
      if !condition() { fail(message) }
    #endif
  }

  /// Reports `message` as a failed check.
  @usableFromInline
  package static func fail(_ message: StaticString) {
    // A string literal's storage is NUL-terminated and lives for the whole program.
    environment_check_failed(
      UnsafeRawPointer(message.utf8Start).assumingMemoryBound(to: CChar.self))
  }

  /// Whether checks are compiled in.
  package static var isEnabled: Bool {
    #if ENVIRONMENT_INTERNAL_CHECKS
      true
    #else
      false
    #endif
  }

  /// Runs `body` with failed checks on this thread recorded instead of stopping the process;
  /// returns how many failed, and the message of the first.
  ///
  /// ```swift
  /// let failures = InternalCheck.observingFailures { brokenOperation() }
  /// #expect(failures.first == "a table is retired while pinned")
  /// ```
  package static func observingFailures(_ body: () -> Void) -> (count: Int, first: String?) {
    environment_check_failures_observe(true)
    defer { environment_check_failures_observe(false) }
    body()
    var first: UnsafePointer<CChar>?
    let count = environment_check_failures(&first)
    return (Int(count), first.map { String(cString: $0) })
  }
}
