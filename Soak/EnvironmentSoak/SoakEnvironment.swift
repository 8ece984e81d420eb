import ComposableEnv
import Foundation

/// A node of the soaked tree; counts the environments alive, so that the reports show whether
/// dropped subtrees are released.
// Safe to share across threads: it adds no stored state to `ComposableEnvironment`, whose reads,
// writes and derivations are thread-safe.
final class SoakEnvironment: ComposableEnvironment, @unchecked Sendable {
  required init() {
    LiveEnvironments.shared.add(1)
    super.init()
  }

  deinit { LiveEnvironments.shared.add(-1) }
}

/// How many `SoakEnvironment`s exist.
final class LiveEnvironments: @unchecked Sendable {
  // Safe: `count` is only read and written while `lock` is held.
  static let shared = LiveEnvironments()
  private let lock = NSLock()
  private var count = 0

  func add(_ delta: Int) {
    lock.withLock { count += delta }
  }

  var current: Int { lock.withLock { count } }
}
