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
    let key: ObjectIdentifier
    let keyType: Any.Type
    let box: any AnyObject & Sendable
    let replay: @Sendable (inout Dependencies) -> Void
  }

  /// In the order of each key's last write: replayed in that order, so that of two keys of one
  /// alias group written here, the one written last wins, as it would have on an environment.
  /// (A few keys: a linear search.)
  private var entries: [Entry] = []

  package init() {}

  /// The box written for `key`, if any.
  package func box<Key: TestDependencyKey>(for key: Key.Type) -> (any AnyObject & Sendable)? {
    entries.last { $0.key == ObjectIdentifier(key) }?.box
  }

  /// Records `box` as `key`'s value, replacing any written before.
  package mutating func set<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    let id = ObjectIdentifier(key)
    entries.removeAll { $0.key == id }
    entries.append(
      Entry(key: id, keyType: key, box: box) { $0.storage.setValue(box, for: key) })
  }

  /// The keys written, with their boxes, in the order of their last write.
  package var keys: [(id: ObjectIdentifier, type: Any.Type, box: AnyObject)] {
    entries.map { ($0.key, $0.keyType, $0.box) }
  }

  /// Sets every value written here on `target`, in the order written, but for the keys in
  /// `excluded`.
  package func replay(into target: inout Dependencies, except excluded: Set<ObjectIdentifier> = [])
  {
    for entry in entries where !excluded.contains(entry.key) { entry.replay(&target) }
  }
}

extension Dependencies {
  /// What this value reads from and writes to, for the environment modules to tell an
  /// environment's values from a set of values of its own assigned in their place.
  package var underlyingStorage: any DependencyStorage { storage }
}
