/// How a parent environment finds a child created by `derived(_:)` or `derived(_:id:)`: by the
/// child's type and, optionally, an id.
package struct DerivedChildKey: Hashable {
  let type: ObjectIdentifier
  let id: AnyHashable?

  package init(type: Any.Type, id: AnyHashable?) {
    self.type = ObjectIdentifier(type)
    self.id = id
  }
}
