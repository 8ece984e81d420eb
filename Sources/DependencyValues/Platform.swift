#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// What this module takes from the C library, in the one file that imports it.

/// Writes `text` and a line break to standard error, unbuffered, in one call: how the library
/// says what it cannot report otherwise (a long wait, a key without a live value, a test failure
/// with no testing module loaded). No lock, no `Foundation`.
///
/// ```swift
/// writeToStandardError("swift-composable-env: …")
/// ```
package func writeToStandardError(_ text: String) {
  _ = (text + "\n").utf8CString.withUnsafeBufferPointer {
    write(STDERR_FILENO, $0.baseAddress, $0.count - 1)
  }
}

/// The value of the process's environment variable `name`, if it is set.
///
/// ```swift
/// environmentVariable("XCODE_RUNNING_FOR_PREVIEWS")  // "1" in an Xcode preview
/// ```
package func environmentVariable(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

/// A pointer of each thread's own, null until the thread sets it. The slot is never deleted, and
/// nothing is released at a thread's exit: what it points to belongs to whoever set it.
///
/// ```swift
/// private static let innermostFrame = ThreadLocalPointer { "… failed with \($0)" }
/// innermostFrame.value = UnsafeMutableRawPointer(frame)
/// ```
struct ThreadLocalPointer {
  private let key: pthread_key_t

  /// A new slot; the program stops, saying `failure(status)`, when none is left.
  init(orStopSaying failure: (Int32) -> String) {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, failure(status))
    self.key = key
  }

  /// The calling thread's pointer.
  var value: UnsafeMutableRawPointer? {
    get { pthread_getspecific(key) }
    nonmutating set { pthread_setspecific(key, newValue) }
  }
}
