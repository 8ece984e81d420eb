/// A node's cache of key-path reads: key-path object → (boxed value, generation).
///
/// Open addressing on the key path's address: a lookup is a shift, a mask and usually one pointer
/// comparison, whatever the number of dependencies. Key-path literals are instantiated once per
/// process, so every instance of an environment type shares the same key-path objects.
@usableFromInline
struct ReadCache {
  @usableFromInline
  struct Entry {
    /// The key path's identity, compared on lookup without touching its reference count.
    @usableFromInline var id: ObjectIdentifier?
    /// Keeps the key path alive, so that `id` cannot be reused by another key path.
    var keyPath: AnyKeyPath?
    @usableFromInline var value: AnyObject?
    @usableFromInline var generation: UInt64
  }

  /// A power-of-two number of slots, never empty, so that a lookup needs no emptiness check.
  @usableFromInline var entries: ContiguousArray<Entry>
  var count = 0

  /// One empty slot, shared by every empty cache (copy-on-write: no allocation per node).
  /// `nonisolated(unsafe)`: never mutated in place; a cache that stores copies it first.
  nonisolated(unsafe) private static let emptyEntries = ContiguousArray(
    repeating: Entry(id: nil, keyPath: nil, value: nil, generation: 0),
    count: 1
  )

  init() {
    entries = Self.emptyEntries
  }

  @inlinable @inline(__always)
  static func slot(of id: ObjectIdentifier, mask: Int) -> Int {
    let address = UInt(bitPattern: id)
    return Int(truncatingIfNeeded: (address >> 4) ^ (address >> 12)) & mask
  }

  /// The value cached for the key path identified by `id`, if it was cached at `generation`.
  @inlinable @inline(__always)
  func value<Value>(for id: ObjectIdentifier, generation: UInt64, as _: Value.Type) -> Value? {
    entries.withUnsafeBufferPointer { entries in
      let mask = entries.count - 1
      var index = Self.slot(of: id, mask: mask)
      while let candidate = entries[index].id {
        if candidate == id {
          guard entries[index].generation == generation, let box = entries[index].value else {
            return nil
          }
          return Box<Value>.unbox(box)
        }
        index = (index + 1) & mask
      }
      return nil
    }
  }

  /// Caches `value` for `keyPath` at `generation`, replacing an older entry.
  mutating func store(_ value: AnyObject, for keyPath: AnyKeyPath, generation: UInt64) {
    if (count + 1) * 4 > entries.count * 3 { grow() }
    let id = ObjectIdentifier(keyPath)
    let mask = entries.count - 1
    var index = Self.slot(of: id, mask: mask)
    while let candidate = entries[index].id, candidate != id {
      index = (index + 1) & mask
    }
    if entries[index].id == nil { count += 1 }
    entries[index] = Entry(id: id, keyPath: keyPath, value: value, generation: generation)
  }

  /// Forgets every entry and releases the storage.
  mutating func removeAll() {
    entries = Self.emptyEntries
    count = 0
  }

  private mutating func grow() {
    let old = entries
    entries = ContiguousArray(
      repeating: Entry(id: nil, keyPath: nil, value: nil, generation: 0),
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
