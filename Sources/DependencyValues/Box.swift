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
///
/// Not final for one subclass only, `KeyValueBox`; `value` is final, read directly.
@usableFromInline
package class Box<Value>: @unchecked Sendable {
  @usableFromInline package final let value: Value

  /// A box of `value`.
  ///
  /// ```swift
  /// let box = Box(42)
  /// ```
  @inlinable @inline(__always)
  package init(_ value: Value) {
    self.value = value
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

/// A key path's result that is one key's value itself (see `RecordedRead` in the environment
/// core), which scopes that do not set that key share: a subclass, so that every other box stays
/// two words and a value (a field in every box made a node's first read cost 16 more bytes).
///
/// ```swift
/// let box = KeyValueBox(client, onlyKeyRead: UInt(bitPattern: ObjectIdentifier(APIClientKey.self)))
/// ```
@usableFromInline
package final class KeyValueBox<Value>: Box<Value>, @unchecked Sendable {
  /// The identity of the key whose value `value` is.
  @usableFromInline package let onlyKeyRead: UInt

  @inlinable
  package init(_ value: Value, onlyKeyRead: UInt) {
    self.onlyKeyRead = onlyKeyRead
    super.init(value)
  }
}
