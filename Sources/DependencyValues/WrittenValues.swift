/// The values written into a `Dependencies` value that is not an environment's (a
/// `Dependencies()`, a copy of `DependencyValues._current`), by key, each with what replays it on
/// another `Dependencies` value: what a scope is made of when an update closure assigns such a
/// value whole (`withDependencies { $0 = DependencyValues() }`).
///
/// ```swift
/// var written = WrittenValues()
/// written.set(Box(UUIDGenerator.incrementing), for: UUIDKey.self)
/// written.replay(into: &scopeValues)  // sets `uuid` there
/// ```
///
/// A value, copied on write as the dictionary it holds: copies do not share writes.
package struct WrittenValues: Sendable {
  /// A value written, boxed, and how to set it on another `Dependencies` value.
  private struct Entry: Sendable {
    let box: any AnyObject & Sendable
    let replay: @Sendable (inout Dependencies) -> Void
  }

  private var entries: [ObjectIdentifier: Entry] = [:]

  package init() {}

  /// The box written for `key`, if any.
  package func box<Key: TestDependencyKey>(for key: Key.Type) -> (any AnyObject & Sendable)? {
    entries[ObjectIdentifier(key)]?.box
  }

  /// Records `box` as `key`'s value, replacing any written before.
  package mutating func set<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    entries[ObjectIdentifier(key)] = Entry(box: box) { $0.storage.setValue(box, for: key) }
  }

  /// Sets every value written here on `target`.
  package func replay(into target: inout Dependencies) {
    for entry in entries.values { entry.replay(&target) }
  }
}

extension Dependencies {
  /// What this value reads from and writes to, for the environment modules to tell an
  /// environment's values from a set of values of its own assigned in their place.
  package var underlyingStorage: any DependencyStorage { storage }
}
