/// How a parent environment finds a child created by `derived(_:)` or `derived(_:id:)`: by the
/// child's type and, optionally, an id.
package struct DerivedChildKey: Hashable {
  let type: ObjectIdentifier
  let id: AnyHashable?
  /// How diagnostics name the child: `derived(Type.self)` or `derived(Type.self, id: 7)`.
  package let label: String

  package init(type: Any.Type, id: AnyHashable?) {
    self.type = ObjectIdentifier(type)
    self.id = id
    let typeName = KeyInfo.displayName(of: type)
    label =
      id.map { "derived(\(typeName).self, id: \(String(reflecting: $0.base)))" }
      ?? "derived(\(typeName).self)"
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.type == rhs.type && lhs.id == rhs.id
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(id)
  }
}
