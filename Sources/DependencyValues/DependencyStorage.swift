/// What a ``Dependencies`` value reads from and writes to.
///
/// Each environment module supplies its own storage; the user-facing ``Dependencies`` type only
/// forwards its subscript here. Not part of the public API.
@usableFromInline
package protocol DependencyStorage: Sendable {
  /// The value of `key` as seen by this storage.
  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value

  /// Sets the value of `key` in this storage, boxed by the caller (see `Box`). Mutating, so that a
  /// storage that is a value (`StandaloneStorage`) keeps its writes; an environment's storage
  /// refers to its node, and writes there.
  mutating func setValue<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type)
}
