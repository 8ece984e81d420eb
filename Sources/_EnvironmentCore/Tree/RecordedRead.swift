import DependencyValues
import _EnvironmentAtomics

/// The storage of one uncached key-path read (`Node.readUncachedHere`): its keys resolve at the
/// node and generation of the read, as `NodeAccess`'s do, and it records what the getter read, so
/// that a result that is one key's value can be shared with a scope that does not set that key
/// (see `Node+ReadThrough.swift`).
///
/// A result is that key's (`onlyKeyRead(returning:)`) when the getter, run once:
/// - read exactly that key through its `Dependencies`, and wrote none;
/// - looked up no task's scope (`LiveScopes.recordLookup`): a `@Dependency` or
///   `Dependencies._current` in the getter reads values its `Dependencies` does not show. The run
///   keeps a scope counted alive meanwhile (`LiveScopes.increment`), so that no read takes the
///   path that skips the lookup;
/// - returned the key's value itself, bit for bit: not a value made from it (`date.now`, a
///   client built around it, a closure that reads its `Dependencies` later).
/// What the getter did besides reading that key (a side effect, a `Dependencies` value it kept)
/// does not change the value it returned; what it read to decide which value to return, it read
/// through one of the two channels above.
///
/// ```swift
/// let run = RecordedRead.make(at: node, for: read)
/// let value = run.dependencies[keyPath: \.apiClient]
/// let key = run.onlyKeyRead(returning: value)  // APIClientKey's identity, or 0
/// ```
///
/// `@unchecked Sendable`: the node access never changes, and the record's words are changed and
/// read with atomics only (a getter may hand its `Dependencies` to other threads while it runs).
@usableFromInline
struct RecordedRead: DependencyStorage, @unchecked Sendable {
  /// Referenced by the reader, and by every `Dependencies` value of the run.
  private let record: ReadRecord

  /// A run of a key path's getter at `node`, for `read`.
  @usableFromInline
  static func make(at node: Node, for read: UncachedRead) -> RecordedRead {
    let access = NodeAccess(at: node, for: read)
    let buffer = ReadRecord.create(minimumCapacity: ReadRecord.words) { _ in access }
    LiveScopes.increment()
    buffer.withUnsafeMutablePointerToElements {
      $0.initialize(repeating: 0, count: ReadRecord.words)
      $0[ReadRecord.lookups] = UInt(truncatingIfNeeded: environment_scope_lookups_load())
    }
    return RecordedRead(record: unsafeDowncast(buffer, to: ReadRecord.self))
  }

  /// The `Dependencies` value the getter runs on.
  @usableFromInline
  var dependencies: Dependencies { Dependencies(storage: self) }

  /// The identity of the key whose value `value`, what the getter returned, is (see above); 0 if
  /// it is not. Call it once, when the getter has returned.
  @inlinable
  func onlyKeyRead<Value>(returning value: Value) -> UInt {
    guard let (key, box) = end(),
      ObjectIdentifier(type(of: box)) == ObjectIdentifier(Box<Value>.self)
    else { return 0 }
    let same = withUnsafeBytes(of: value) { returned in
      withUnsafeBytes(of: Box<Value>.unbox(box)) { returned.elementsEqual($0) }
    }
    return same ? key : 0
  }

  /// Ends the run: the one key the getter read and its boxed value, if the getter read one key,
  /// wrote none and looked up no scope.
  @usableFromInline
  func end() -> (key: UInt, box: AnyObject)? {
    LiveScopes.decrement()
    return record.withUnsafeMutablePointerToElements { words in
      let lookups = UInt(truncatingIfNeeded: environment_scope_lookups_load())
      guard environment_word_load(words + ReadRecord.several) == 0,
        words[ReadRecord.lookups] == lookups,
        let box = UnsafeRawPointer(bitPattern: environment_word_load(words + ReadRecord.box))
      else { return nil }
      return (
        environment_word_load(words), Unmanaged<AnyObject>.fromOpaque(box).takeUnretainedValue()
      )
    }
  }

  @usableFromInline
  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    guard record.claimFirst(UInt(bitPattern: ObjectIdentifier(key))) else {
      return record.header.value(for: key)
    }
    let box = record.header.box(for: key)
    record.keep(box)
    return Box<Key.Value>.unbox(box)
  }

  @usableFromInline
  func setValue<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    record.markSeveral()
    record.header.setValue(box, for: key)
  }
}

/// What a `RecordedRead` refers to: the node access, and the record in four words.
final class ReadRecord: ManagedBuffer<NodeAccess, UInt> {
  /// Word 0: the identity of the first key read, 0 before any.
  static let several = 1  // non-zero once the run read a second key or wrote one
  static let box = 2  // the first key's box, retained by the record, 0 until kept
  static let lookups = 3  // the thread's scope lookups when the run began (set before sharing)
  static let words = 4

  /// Whether this read of the key identified by `key` is the run's first read of it: the first
  /// of the run, whose box the caller keeps. A read of another key marks the run as several.
  func claimFirst(_ key: UInt) -> Bool {
    withUnsafeMutablePointerToElements { words in
      if environment_word_compare_exchange(words, 0, key) { return true }
      if environment_word_load(words) != key { environment_word_store(words + Self.several, 1) }
      return false
    }
  }

  /// Marks the run as one whose result is no single key's.
  func markSeveral() {
    withUnsafeMutablePointerToElements { environment_word_store($0 + Self.several, 1) }
  }

  /// Keeps `box`, the first key's, retained until the record ends.
  func keep(_ box: AnyObject) {
    let bits = UInt(bitPattern: Unmanaged.passRetained(box).toOpaque())
    withUnsafeMutablePointerToElements { environment_word_store($0 + Self.box, bits) }
  }

  deinit {
    withUnsafeMutablePointerToElements { words in
      let bits = environment_word_load(words + Self.box)
      // A box's release may run a value's deinit: the record ends after the getter, under no
      // lock of the library.
      if let box = UnsafeRawPointer(bitPattern: bits) {
        Unmanaged<AnyObject>.fromOpaque(box).release()
      }
    }
  }
}
