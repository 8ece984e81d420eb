#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
