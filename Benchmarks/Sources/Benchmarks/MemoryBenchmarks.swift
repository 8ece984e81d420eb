import ComposableEnv
import HeapStatistics

/// Heap bytes per environment node, from the allocator's own count of bytes in use.
enum MemoryBenchmarks {
  /// Bytes per node of a chain of `count` nodes that set nothing (each a `@DerivedEnvironment`
  /// of the previous one); `read`: after one read of a dependency on every node.
  /// `nil` where the allocator does not report its usage.
  static func bytesPerBareNode(count: Int, read: Bool) -> Double? {
    guard heap_statistics_available() != 0 else { return nil }
    let before = heap_bytes_in_use()
    let root = BareEnvironment()
    var last = root
    for _ in 0..<count {
      last = last.next
      if read { blackHole(last.benchNumber) }
    }
    let after = heap_bytes_in_use()
    return withExtendedLifetime(root) { Double(Int(after) - Int(before)) / Double(count) }
  }
}
