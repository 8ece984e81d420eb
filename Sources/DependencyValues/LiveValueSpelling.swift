/// Stops a key that declares neither `defaultValue` nor `liveValue` from reading each through the
/// other forever (a key whose `Value` its `testValue` gives, so that the compiler accepts it).
///
/// The default `liveValue` marks the calling thread with its key while it reads `defaultValue`;
/// the default `defaultValue` finds that mark only when it was called from there for the same key,
/// which happens only when both are defaults. A declared `defaultValue` never looks, and a
/// declared `liveValue` is never marked, so a key that declares either spelling never stops.
///
/// ```swift
/// struct CountKey: DependencyKey { static var testValue: Int { 0 } }
/// _ = CountKey.defaultValue  // stops: "CountKey declares neither liveValue nor defaultValue"
/// ```
///
/// The mark is thread-local: the defaults are synchronous, so a read never moves to another
/// thread while its mark is set, and reads of other keys on other threads never see it.
enum LiveValueSpelling {
  /// The thread-local slot that holds the marked key (its `ObjectIdentifier`'s bits), or null.
  private static let slot = ThreadLocalPointer {
    "swift-composable-env: no thread-local slot left (\($0))"
  }

  /// The default `liveValue` of `Key`: `read` (its `defaultValue`), with the thread marked with
  /// `Key` meanwhile. The previous mark is restored, so that a default reading other keys' live
  /// values marks each in turn.
  static func readingDefaultValue<Key: DependencyKey>(
    of _: Key.Type, _ read: () -> Key.Value
  ) -> Key.Value {
    let outer = slot.value
    slot.value = mark(of: Key.self)
    defer { slot.value = outer }
    return read()
  }

  /// Called by the default `defaultValue` of `Key`: stops the program when the default
  /// `liveValue` of `Key` is what called it, that is, when `Key` declares neither.
  static func checkDeclared<Key: DependencyKey>(_: Key.Type) {
    guard slot.value == mark(of: Key.self) else { return }
    fatalError(
      """
      swift-composable-env: \(String(reflecting: Key.self)) declares neither liveValue nor \
      defaultValue, so each reads the other: a DependencyKey declares its live value, \
      `static let liveValue = …` (swift-dependencies) or `static var defaultValue: Value { … }` \
      (swift-composable-environment 0.5). A key with a test value only conforms to \
      TestDependencyKey.
      """)
  }

  private static func mark<Key>(of _: Key.Type) -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(Key.self)))
  }
}
