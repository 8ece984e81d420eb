/// A key's live value, boxed as the environments' caches hold it, typed by the key's `Value`:
/// only this package makes one, so a key's conformance cannot hand the caches a box of another
/// type. You never use it (see `TestDependencyKey._boxedLiveValue()`).
///
/// ```swift
/// struct LocaleKey: DependencyKey {  // LocaleKey._boxedLiveValue() holds a box of "en"
///   static var defaultValue: String { "en" }
/// }
/// ```
@_documentation(visibility: internal)
public struct _BoxedLiveValue<Value> {
  /// The value's `Box<Value>`.
  @usableFromInline package let box: AnyObject

  @inlinable package init(_ value: Value) { box = Box<Value>(value) }
}

extension TestDependencyKey {
  /// The live value, boxed as the environments' caches hold it (a `Box<Value>`): `defaultValue`
  /// where the key is a `DependencyKey`, whichever module adds that conformance; `nil` for a key
  /// with a test value only. The one lookup of a key's live value.
  ///
  /// ```swift
  /// let locale = LocaleKey.liveValueBox().map(Box<String>.unbox)  // "en"
  /// ```
  package static func liveValueBox() -> AnyObject? {
    // Boxed by the conformance where it knows the live value; otherwise the live conformance,
    // if another declaration added one, is found at run time: the same key type, opened as a
    // `DependencyKey`, whose box is a `Box<Value>`.
    if let live = _boxedLiveValue() { return live.box }
    return (Self.self as? any DependencyKey.Type)?.boxedDefaultValue()
  }
}

extension DependencyKey {
  /// The `defaultValue`, boxed, for a caller that knows the key only as an existential.
  fileprivate static func boxedDefaultValue() -> AnyObject { Box<Value>(defaultValue) }
}
