import Testing

@testable import _EnvironmentCore

/// A child made by `DerivedChildren` in these tests.
final class ChildObject {}

@Suite("Derived children slots")
struct DerivedChildrenTests {
  func child(_ children: DerivedChildren, id: AnyHashable?) -> ChildObject {
    children.child(ChildObject.self, id: id) { access in
      var made: ChildObject?
      access { state in
        if case .done(let value) = state {
          made = (value as! ChildObject)
        } else {
          let value = ChildObject()
          state = .done(value)
          made = value
        }
      }
      return made!
    }
  }

  @Test func sameTypeAndIdGiveTheSameChild() {
    let children = DerivedChildren()
    #expect(child(children, id: 1) === child(children, id: 1))
    #expect(child(children, id: 1) !== child(children, id: 2))
    #expect(child(children, id: nil) === child(children, id: nil))
  }

  @Test func removedChildIsMadeAgainOnTheNextLookup() {
    let children = DerivedChildren()
    let first = child(children, id: "a")
    #expect(children.remove(ChildObject.self, id: "a"))
    #expect(!children.remove(ChildObject.self, id: "a"))
    #expect(child(children, id: "a") !== first)
  }

  @Test func madeChildrenListsEveryChildWithItsLabel() {
    let children = DerivedChildren()
    _ = child(children, id: 7)
    _ = child(children, id: nil)
    let labels = children.madeChildren().map(\.slot.label).sorted()
    #expect(labels == ["derived(ChildObject.self)", "derived(ChildObject.self, id: 7)"])
  }
}
