import Testing

@testable import _EnvironmentCore

@Suite("Identity anchors")
struct IdentityAnchorTests {
  private final class Object {}

  @Test func anAnchorSaysItsObjectIsAliveUntilItsLastReferenceGoes() {
    var object: Object? = Object()
    let anchor = IdentityAnchor(object!)
    #expect(anchor.isAlive)
    object = nil
    #expect(!anchor.isAlive)
  }

  @Test func anAnchoredObjectsAddressIsNotAnotherObjectsWhileTheAnchorLives() {
    var object: Object? = Object()
    let anchor = IdentityAnchor(object!)
    object = nil
    // Objects of its size, kept alive together, are never allocated at its address.
    let later = (0..<1_000).map { _ in Object() }
    #expect(!later.contains { UInt(bitPattern: ObjectIdentifier($0)) == anchor.identity })
  }

  @Test func anAnchorDoesNotKeepItsObjectAlive() {
    weak var weakObject: Object?
    var anchor: IdentityAnchor?
    do {
      let object = Object()
      weakObject = object
      anchor = IdentityAnchor(object)
    }
    #expect(weakObject == nil)
    #expect(anchor?.isAlive == false)
  }
}
