/// How a parent environment finds a child created by `derived(_:)` or `derived(_:id:)`: by the
/// child's type and, optionally, an id.
package struct DerivedChildKey: Hashable {
  let type: Any.Type
  let id: AnyHashable?

  package init(type: Any.Type, id: AnyHashable?) {
    self.type = type
    self.id = id
  }

  /// How diagnostics name the child: `derived(Type.self)` or `derived(Type.self, id: 7)`.
  /// Computed when asked, so that lookups do not pay for it.
  package var label: String {
    let typeName = KeyInfo.displayName(of: type)
    return id.map { "derived(\(typeName).self, id: \(String(reflecting: $0.base)))" }
      ?? "derived(\(typeName).self)"
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) && lhs.id == rhs.id
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type))
    hasher.combine(id)
  }
}
