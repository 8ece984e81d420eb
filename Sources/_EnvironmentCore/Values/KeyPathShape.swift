/// Whether a key path has a single component (`\.apiClient`) or several (`\.endpoints.primary`),
/// which decides how a write through it may run its getter (see `Node.write`).
///
/// Read from the key path object's buffer header, whose layout is the standard library's ABI (a
/// flag the runtime sets on single-component key paths). The reading is checked once against key
/// paths of known shapes; where it does not match, every key path is taken to have several
/// components, which is always correct (a write then resolves what its getter reads, as Swift's
/// read-modify-write does) and only gives up the shortcut of single-component writes.
///
/// ```swift
/// KeyPathShape.isSingleComponent(\Dependencies.apiClient)  // true
/// KeyPathShape.isSingleComponent(\Dependencies.endpoints.primary)  // false
/// ```
@usableFromInline
enum KeyPathShape {
  /// `_SwiftKeyPathBufferHeader_IsSingleComponentFlag` in the standard library's shims.
  private static let singleComponentFlag: UInt32 = 0x2000_0000
  /// The buffer header follows the object header (two words) and the key path's first stored
  /// property (one word).
  private static let headerOffset = 3 * MemoryLayout<Int>.size

  static func isSingleComponent(_ keyPath: AnyKeyPath) -> Bool {
    headerIsReadable && flag(of: keyPath)
  }

  /// Whether `keyPath` is known to have several components: the opposite of
  /// `isSingleComponent`, except that where the header cannot be read, no key path is. What a
  /// read decides on (see `DependencySource`), for which taking every key path for nested would
  /// give up the cache of every `@Dependency`.
  @usableFromInline
  static func hasSeveralComponents(_ keyPath: AnyKeyPath) -> Bool {
    // The flag first: a single-component key path, the common one, is then answered with one
    // load, without the lazy check's call (the word is read either way: it is in the object).
    !flag(of: keyPath) && headerIsReadable
  }

  private static func flag(of keyPath: AnyKeyPath) -> Bool {
    withExtendedLifetime(keyPath) {
      let header = Unretained(keyPath, keptAliveBy: .holder).opaque
        .load(fromByteOffset: headerOffset, as: UInt32.self)
      return header & singleComponentFlag != 0
    }
  }

  /// Whether the flag reads as expected on key paths of known shapes.
  private static let headerIsReadable: Bool = {
    let nested: WritableKeyPath<Probe, Probe.Inner> = \.computedInner
    return flag(of: \Probe.computed) && flag(of: \Probe[index: 1])
      && !flag(of: \Probe.computedInner.field) && !flag(of: nested.appending(path: \.field))
  }()

  private struct Probe {
    struct Inner { var field = 0 }
    var stored = 0
    var computed: Int {
      get { stored }
      set { stored = newValue }
    }
    var computedInner: Inner {
      get { Inner(field: stored) }
      set { stored = newValue.field }
    }
    subscript(index index: Int) -> Int {
      get { stored + index }
      set { stored = newValue - index }
    }
  }
}
