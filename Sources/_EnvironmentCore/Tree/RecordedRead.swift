import DependencyValues
import _EnvironmentAtomics

/// The storage of one uncached key-path read (`Node.readUncachedHere`): its keys resolve at the
/// node and generation of the read, as `NodeAccess`'s do, and it records which keys the getter
/// read, so that a result that only one key gave can be shared with a scope that does not set
/// that key (see `Node+ReadThrough.swift`).
///
/// The record counts only if the getter kept no `Dependencies` value: once it has returned, the
/// run must be referenced by the reader alone (`onlyKeyRead(of:)`). A getter that returns a closure
/// capturing its `Dependencies` reads keys later, which no record shows; its result is this
/// node's only.
///
/// ```swift
/// var run = RecordedRead.make(at: node, for: read)
/// let value = run.dependencies[keyPath: \.apiClient]
/// let key = RecordedRead.onlyKeyRead(of: &run)  // APIClientKey's identity, or 0
/// ```
///
/// `@unchecked Sendable`: the node access never changes, and the record is two words changed and
/// read with atomics only (a getter may hand its `Dependencies` to other threads while it runs).
@usableFromInline
struct RecordedRead: DependencyStorage, @unchecked Sendable {
  /// Referenced by the reader, and by every `Dependencies` value of the run.
  private var record: ReadRecord

  /// A run of a key path's getter at `node`, for `read`.
  @usableFromInline
  static func make(at node: Node, for read: UncachedRead) -> RecordedRead {
    let access = NodeAccess(
      node: node, tree: Unretained(opaque: read.tree, keptAliveBy: .treeLifetimeRule),
      generation: read.generation)
    let buffer = ReadRecord.create(minimumCapacity: ReadRecord.words) { _ in access }
    buffer.withUnsafeMutablePointerToElements {
      $0.initialize(repeating: 0, count: ReadRecord.words)
    }
    return RecordedRead(record: unsafeDowncast(buffer, to: ReadRecord.self))
  }

  /// The `Dependencies` value the getter runs on.
  @usableFromInline
  var dependencies: Dependencies { Dependencies(storage: self) }

  /// The identity of the one key `run`'s getter read, if it read exactly one, wrote none and kept
  /// no `Dependencies` value (`run` is referenced by the caller alone); 0 otherwise. Call it once
  /// the getter has returned.
  @usableFromInline
  static func onlyKeyRead(of run: inout RecordedRead) -> UInt {
    guard isKnownUniquelyReferenced(&run.record) else { return 0 }
    return run.record.withUnsafeMutablePointerToElements { words in
      environment_word_load(words + 1) == 0 ? environment_word_load(words) : 0
    }
  }

  @usableFromInline
  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    record.record(UInt(bitPattern: ObjectIdentifier(key)))
    return record.header.value(for: key)
  }

  @usableFromInline
  func setValue<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    record.record(0)
    record.header.setValue(box, for: key)
  }
}

/// What a `RecordedRead` refers to: the node access, and the record in two words. Word 0: the
/// identity of the first key read, 0 before any. Word 1: non-zero once the run read a second key
/// or wrote one.
final class ReadRecord: ManagedBuffer<NodeAccess, UInt> {
  static let words = 2

  /// Records a read of the key identified by `key`; 0 for a write, which no record can share.
  func record(_ key: UInt) {
    withUnsafeMutablePointerToElements { words in
      if key != 0, environment_word_compare_exchange(words, 0, key) { return }
      if key == 0 || environment_word_load(words) != key { environment_word_store(words + 1, 1) }
    }
  }
}
