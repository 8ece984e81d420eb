import ComposableEnv
import Testing

/// A write through an environment does what the same write does on a plain `Dependencies()`
/// value: the getter and the setter of a computed property see the values Swift would give them.
/// Before, a write through several components into an Optional or `any Sendable` key read the key
/// as `nil`, and a direct write's setter read the value being written for every key of its type.
@Suite("Write semantics")
struct WriteSemanticsTests {
  @Test func aWriteThroughAnUnwrappedOptionalKeyChangesOnlyTheAddressedField() {
    let root = TrustRoot().with(\.optionalClient, setClient)
    root.with(\.optionalClient!.a, 7)
    let plain = plainWrite({ $0.optionalClient = setClient }, { $0.optionalClient!.a = 7 })
    #expect(root[\.optionalClient] == WrittenClient(a: 7, inner: .init(x: 50)))
    #expect(root[\.optionalClient] == plain.optionalClient)
  }

  @Test func aSubscriptWriteThroughAnUnwrappedOptionalKeyOnAChildChangesOnlyTheChild() {
    let root = TrustRoot().with(\.optionalClient, setClient)
    let child = root.child
    child[\.optionalClient!.inner.x] = 60
    #expect(child[\.optionalClient] == WrittenClient(a: 5, inner: .init(x: 60)))
    #expect(root[\.optionalClient] == setClient)
  }

  @Test func aWriteThroughANonOptionalViewOfAnOptionalKeepsTheOtherFields() {
    let root = TrustRoot().with(\.optionalClient, setClient)
    let child = root.child.with(\.clientView.a, 7)
    let plain = plainWrite({ $0.optionalClient = setClient }, { $0.clientView.a = 7 })
    #expect(child[\.optionalClient] == WrittenClient(a: 7, inner: .init(x: 50)))
    #expect(child[\.optionalClient] == plain.optionalClient)
  }

  @Test func aWriteThroughAViewOfAnExistentialKeyKeepsTheOtherFields() {
    let root = TrustRoot().with(\.anyClient, setClient)
    root.with(\.concreteClient.a, 7)
    let plain = plainWrite({ $0.anyClient = setClient }, { $0.concreteClient.a = 7 })
    #expect(root[\.anyClient] as? WrittenClient == WrittenClient(a: 7, inner: .init(x: 50)))
    #expect(root[\.concreteClient] == plain.concreteClient)
  }

  @Test func aSetterReadsTheValueItReplaces() {
    let root = TrustRoot().with(\.primary, "one")
    root.with(\.primaryKeepingBackup, "two")
    let plain = plainWrite({ $0.primary = "one" }, { $0.primaryKeepingBackup = "two" })
    #expect(root[\.backup] == "one")
    #expect(root[\.primary] == "two")
    #expect(root[\.backup] == plain.backup)
  }

  @Test func aSetterThatWritesOnlyOnChangeSeesTheCurrentValue() {
    let root = TrustRoot()
    root.with(\.levelCountingChanges, 3)
    #expect(root[\.level] == 3)
    #expect(root[\.changes] == 1)
    root.with(\.levelCountingChanges, 3)
    #expect(root[\.changes] == 1, "writing the same value again changes nothing")
  }

  @Test func aSetterOfAPropertyWhoseGetterReadsNoKeyReadsTheCurrentValue() {
    let child = TrustRoot().with(\.total, 100).child
    child.with(\.addedToTotal, 5)
    let plain = plainWrite({ $0.total = 100 }, { $0.addedToTotal = 5 })
    #expect(child[\.total] == 105)
    #expect(child[\.total] == plain.total)
  }

  @Test func aDirectWriteStillComputesNoDefaultForTheGetter() {
    let before = NestedKeys.defaults.count
    TrustRoot().with(\.counted, 4)
    #expect(NestedKeys.defaults.count == before)
  }
}
