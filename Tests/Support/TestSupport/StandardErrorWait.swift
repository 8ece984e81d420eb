import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// In an exit test's child process: runs `start`, then returns once the process has written
/// `text` to standard error (at most `hangDeadline`), passing everything it wrote through. How a
/// test waits for a diagnostic printed after a delay (a wait that lasts 2 s), instead of
/// sleeping longer than the delay.
///
/// ```swift
/// waitForStandardError(containing: "has waited 2 s") {
///   Thread { _ = environment.cyclic }.start()
/// }
/// exit(0)
/// ```
public func waitForStandardError(containing text: String, after start: () -> Void) {
  var ends: [Int32] = [0, 0]
  guard pipe(&ends) == 0 else { return }
  let original = dup(STDERR_FILENO)
  dup2(ends[1], STDERR_FILENO)
  start()
  var written: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  let deadline = DispatchTime.now() + hangDeadline
  while !String(decoding: written, as: UTF8.self).contains(text), DispatchTime.now() < deadline {
    var readable = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
    guard poll(&readable, 1, 100) > 0 else { continue }
    let count = read(ends[0], &buffer, buffer.count)
    guard count > 0 else { break }
    written += buffer[..<count]
  }
  dup2(original, STDERR_FILENO)
  _ = written.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
