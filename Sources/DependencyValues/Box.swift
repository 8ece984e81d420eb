import _EnvironmentAtomics

/// A value on the heap, so that caches can hold values of any type as `AnyObject` and hand them
/// back with an unchecked (free) downcast.
///
/// Values come from `DependencyKey.Value` (always `Sendable`) or from a `Dependencies` key path
/// computed from such values; a box is never mutated after creation.
///
/// Declared here rather than in the environment modules so that `Dependencies`' subscript, inlined
/// into the module that declares a dependency, boxes a written value where its type is known: a
/// write then looks up no generic metadata at run time.
@usableFromInline
package final class Box<Value>: @unchecked Sendable {
  @usableFromInline package let value: Value
  /// For a key path's result: the identity of the one key its getter read, when the result is
  /// that key's to share (see `RecordedRead`); 0 otherwise.
  @usableFromInline package let onlyKeyRead: UInt

  /// A box of `value`; `onlyKeyRead` as above.
  ///
  /// ```swift
  /// let box = Box(42)
  /// ```
  @inlinable @inline(__always)
  package init(_ value: Value, onlyKeyRead: UInt = 0) {
    self.value = value
    self.onlyKeyRead = onlyKeyRead
  }

  #if ENVIRONMENT_INTERNAL_CHECKS
    deinit {
      // A value's release may run its `deinit`, user code: never under a lock of the library.
      if environment_locks_held() != 0 {
        let message: StaticString = "a value is released while a library lock is held"
        environment_check_failed(
          UnsafeRawPointer(message.utf8Start).assumingMemoryBound(to: CChar.self))
      }
    }
  #endif

  /// Returns the value inside `object`, which the caller knows to be a `Box<Value>`.
  @inlinable @inline(__always)
  package static func unbox(_ object: AnyObject) -> Value {
    unsafeDowncast(object, to: Box<Value>.self).value
  }
}
