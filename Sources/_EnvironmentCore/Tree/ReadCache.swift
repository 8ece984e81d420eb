/// A node's cache of key-path reads: key-path object → (boxed value, generation).
///
/// Open addressing on the key path's address: a lookup is a shift, a mask and usually one pointer
/// comparison, whatever the number of dependencies. Key-path literals are instantiated once per
/// process, so every instance of an environment type shares the same key-path objects.
struct ReadCache {
  private struct Entry {
    var keyPath: AnyKeyPath?
    var value: AnyObject?
    var generation: UInt64
  }

  private var entries: ContiguousArray<Entry> = []
  private var count = 0

  @inline(__always)
  private static func slot(of keyPath: AnyKeyPath, mask: Int) -> Int {
    let address = UInt(bitPattern: ObjectIdentifier(keyPath))
    return Int(truncatingIfNeeded: (address >> 4) ^ (address >> 12)) & mask
  }

  /// The value cached for `keyPath` if it was cached at `generation`.
  @inline(__always)
  func value(for keyPath: AnyKeyPath, generation: UInt64) -> AnyObject? {
    guard count > 0 else { return nil }
    let mask = entries.count - 1
    var index = Self.slot(of: keyPath, mask: mask)
    while let candidate = entries[index].keyPath {
      if candidate === keyPath {
        return entries[index].generation == generation ? entries[index].value : nil
      }
      index = (index + 1) & mask
    }
    return nil
  }

  /// Caches `value` for `keyPath` at `generation`, replacing an older entry.
  mutating func store(_ value: AnyObject, for keyPath: AnyKeyPath, generation: UInt64) {
    if (count + 1) * 4 > entries.count * 3 { grow() }
    let mask = entries.count - 1
    var index = Self.slot(of: keyPath, mask: mask)
    while let candidate = entries[index].keyPath, candidate !== keyPath {
      index = (index + 1) & mask
    }
    if entries[index].keyPath == nil { count += 1 }
    entries[index] = Entry(keyPath: keyPath, value: value, generation: generation)
  }

  /// Forgets every entry and releases the storage.
  mutating func removeAll() {
    entries = []
    count = 0
  }

  private mutating func grow() {
    let old = entries
    entries = ContiguousArray(
      repeating: Entry(keyPath: nil, value: nil, generation: 0),
      count: Swift.max(4, old.count * 2)
    )
    count = 0
    for entry in old {
      if let keyPath = entry.keyPath, let value = entry.value {
        store(value, for: keyPath, generation: entry.generation)
      }
    }
  }
}
