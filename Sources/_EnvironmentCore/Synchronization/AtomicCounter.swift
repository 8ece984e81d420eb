import _EnvironmentAtomics

/// A counter that many threads update and read without a lock.
@usableFromInline
package final class AtomicCounter: @unchecked Sendable {
  @usableFromInline
  let storage: UnsafeMutablePointer<UInt64>

  package init() {
    storage = .allocate(capacity: 1)
    storage.initialize(to: 0)
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// The current value.
  @inlinable @inline(__always)
  package var value: UInt64 { environment_atomic_load(storage) }

  package func increment() {
    environment_atomic_increment(storage)
  }

  package func decrement() {
    environment_atomic_decrement(storage)
  }
}
