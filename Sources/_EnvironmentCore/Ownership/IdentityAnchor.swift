/// What a read table's entry holds of the key path it caches a read of: the key path's memory,
/// with an unowned reference, so that its address (the entry's identity) is not another key
/// path's while the entry exists; and whether the key path is still alive, with a weak
/// reference, which reads `nil` once its `deinit` began. The key path itself is released by its
/// last user: a key path made at run time and dropped after its read is deinitialized at once,
/// and the next rebuild of the table leaves its entry out (`ReadTable.withRoom`).
///
/// ```swift
/// let anchor = IdentityAnchor(keyPath)
/// anchor.isAlive  // true while anyone holds keyPath
/// ```
///
/// Not `Sendable`: a table's anchors are touched only under its node's lock, or when the table is
/// freed (no reader ever reads them).
final class IdentityAnchor {
  /// Keeps the object's memory, never read: an object's memory lives while an unowned reference
  /// to it does.
  private unowned let memory: AnyObject
  private weak var object: AnyObject?
  /// The object's address, which the entry is found by.
  let identity: UInt

  init(_ object: AnyObject) {
    memory = object
    self.object = object
    identity = UInt(bitPattern: ObjectIdentifier(object))
  }

  /// Whether the object is alive: its `deinit` has not begun.
  var isAlive: Bool { object != nil }
}
