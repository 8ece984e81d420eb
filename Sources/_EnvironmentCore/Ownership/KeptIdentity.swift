/// An object's identity kept for the process without keeping the object alive.
///
/// An unowned reference keeps the object's *memory* allocated, so that no other object is ever
/// allocated at its address, but not the object: when its last strong reference goes, it is
/// deinitialized as usual and releases what it holds. The key paths the library keeps for the
/// process (`KeptKeyPaths`, `KnownKeyPaths`) are kept this way, so that a key path made at
/// run time with arguments (`\.tenants[tenant]`) releases its arguments when its last user drops
/// it; what stays is the key path's own allocation, a few words.
///
/// ```swift
/// kept.append(KeptIdentity(keyPath))  // ObjectIdentifier(keyPath) is never another object's
/// ```
///
/// The object is never used through this reference (an unowned read of a deinitialized object
/// traps): only its identity, compared as an address, is.
struct KeptIdentity {
  private unowned let object: AnyObject

  init(_ object: AnyObject) { self.object = object }
}
