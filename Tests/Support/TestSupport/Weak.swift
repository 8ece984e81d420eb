/// A weak reference, to keep in an array.
///
/// ```swift
/// let observed = tokens.map(Weak.init)
/// #expect(observed.allSatisfy { $0.value == nil })
/// ```
public struct Weak<Object: AnyObject> {
  public weak var value: Object?

  public init(_ value: Object) { self.value = value }
}
