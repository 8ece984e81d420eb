/// A value and the lock that guards it, in a single heap allocation.
///
/// Every access goes through ``withLock(_:)``. The closure must not call code that could take
/// another `LockedValue`'s lock (user code included): these locks are leaves of the lock order.
///
/// `ManagedBuffer` is not `Sendable`; owners that share a `LockedValue` across threads declare
/// themselves `@unchecked Sendable`, which the lock makes sound.
@usableFromInline
package final class LockedValue<State>: ManagedBuffer<State, PlatformLock> {
  /// Creates a locked value holding `state`.
  package static func make(_ state: State) -> LockedValue<State> {
    let buffer = create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { PlatformLockOperations.initialize($0) }
    return unsafeDowncast(buffer, to: LockedValue<State>.self)
  }

  deinit {
    withUnsafeMutablePointerToElements { PlatformLockOperations.destroy($0) }
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { state, lock in
      PlatformLockOperations.lock(lock)
      defer { PlatformLockOperations.unlock(lock) }
      return try body(&state.pointee)
    }
  }
}
