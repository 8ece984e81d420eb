import _EnvironmentAtomics

/// How many `withValues` scopes (GlobalEnv) are alive in the process, plus one for the life of a
/// test bundle whose tests each get a scope of their own (see `GlobalDependencies.root`): while
/// none is, a read skips the task-local lookup. A C global (`environment_live_scopes`), so that
/// the check is one load with no lazy initialization.
@usableFromInline
package enum LiveScopes {
  /// Whether any scope is alive.
  @inlinable @inline(__always)
  package static var any: Bool { environment_live_scopes_load() != 0 }

  /// Records that a scope was created.
  package static func increment() { environment_live_scopes_increment() }

  /// Records that a scope ended.
  package static func decrement() { environment_live_scopes_decrement() }

  /// Records that the calling thread looked up its task's current scope: every lookup made while
  /// a scope is alive calls it (see `RecordedRead`, which keeps one alive while a getter runs).
  package static func recordLookup() { environment_scope_lookups_increment() }
}
