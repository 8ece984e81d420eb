import _EnvironmentAtomics

/// Objects the library keeps for the rest of the process, made immortal in the Swift runtime, so
/// that the retains and releases others make of them write nothing shared.
///
/// The key paths `@Dependency` properties declare (`DeclaredKeyPaths`) and the key paths written
/// through (`KnownKeyPaths`) are kept for the process so that their identities are never reused.
/// Each is a single object every thread uses: the compiler retains a key-path literal each time
/// it is evaluated (every `@Dependency` of every environment an app or a server makes, every
/// `with(\.x, …)`) and releases it after. Two threads making request environments took that
/// object's reference-count cache line from each other four times per request; an immortal
/// object's retain and release only load it (server requests on two threads went from 1.71 to
/// 1.85 times the throughput of one).
///
/// Immortal is the Swift runtime's own state for objects that are never freed (its static
/// objects, and what its `_swift_stdlib_immortalize` makes). An object is made immortal only where
/// the runtime's reference counts are inline and 64-bit, and only on Apple systems whose Swift
/// runtime knows that encoding (Swift 5.9: macOS 14, iOS 17 and their kin); elsewhere it stays as
/// it was, kept alive by its holder, which costs the cache line but nothing else.
///
/// ```swift
/// kept.append(keyPath)
/// Immortal.make(keyPath)  // kept by `kept` anyway: its retains now write nothing
/// ```
enum Immortal {
  /// Makes `object`, which the caller keeps for the rest of the process, immortal where the
  /// runtime allows; returns whether it is.
  @discardableResult
  static func make(_ object: AnyObject) -> Bool {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return false }
    let made = environment_make_immortal(Unmanaged.passUnretained(object).toOpaque())
    InternalCheck.require(!made || isImmortal(object), "an object made immortal keeps its count")
    return made
  }

  /// Whether `object`'s strong count stays where it is across a retain: an immortal object's does.
  static func isImmortal(_ object: AnyObject) -> Bool {
    let address = Unmanaged.passUnretained(object)
    let before = swift_retainCount(address.toOpaque())
    _ = address.retain()
    defer { address.release() }
    return swift_retainCount(address.toOpaque()) == before
  }
}
