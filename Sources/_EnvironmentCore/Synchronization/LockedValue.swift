/// A value and the lock that guards it, in a single heap allocation.
///
/// Every access goes through ``withLock(_:)``. The closure must not run user code nor take
/// another lock of the library: these locks are leaves, last in the lock order (`LockRank.leaf`;
/// they may be taken under the wait room's, a node's or a tree's lock, and checked builds report
/// any lock taken under one). Whatever the closure removes from the state is returned to the
/// caller and released after the lock.
///
/// `ManagedBuffer` is not `Sendable`; owners that share a `LockedValue` across threads declare
/// themselves `@unchecked Sendable`, which the lock makes sound.
package final class LockedValue<State>: ManagedBuffer<State, PlatformLock> {
  /// Creates a locked value holding `state`.
  package static func make(_ state: State) -> LockedValue<State> {
    let buffer = create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { $0.initialize(to: PlatformLockOperations.unlocked) }
    return unsafeDowncast(buffer, to: LockedValue<State>.self)
  }

  deinit { _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) } }

  /// Runs `body` with exclusive access to the state.
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { state, lock in
      PlatformLockOperations.lock(lock, rank: .leaf)
      defer { PlatformLockOperations.unlock(lock) }
      return try body(&state.pointee)
    }
  }
}
