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

  @inlinable package init(_ value: Value) {
    box = Box<Value>(value)
  }
}
