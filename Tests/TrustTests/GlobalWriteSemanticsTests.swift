import GlobalEnv
import Testing

/// GlobalEnv's writes, process-wide and on a derived environment, do what the same write does on
/// a plain `Dependencies()` value (see `WriteSemanticsTests`). Serialized: they write
/// process-wide values of the write-semantics keys.
@Suite("Write semantics, GlobalEnv", .serialized)
struct GlobalWriteSemanticsTests {
  init() { Dependencies.reset() }

  @Test func aProcessWideWriteThroughAnUnwrappedOptionalKeyChangesOnlyTheAddressedField() {
    let environment = GlobalWriteRoot()
    environment.with(\.optionalClient, setClient)
    environment.with(\.optionalClient!.a, 7)
    environment[\.optionalClient!.inner.x] = 60
    #expect(GlobalWriteRoot()[\.optionalClient] == WrittenClient(a: 7, inner: .init(x: 60)))
  }

  @Test func aProcessWideWriteThroughAViewKeepsTheOtherFields() {
    let environment = GlobalWriteRoot()
    environment.with(\.optionalClient, setClient).with(\.anyClient, setClient)
    environment.with(\.clientView.a, 7).with(\.concreteClient.a, 8)
    #expect(GlobalWriteRoot()[\.optionalClient] == WrittenClient(a: 7, inner: .init(x: 50)))
    #expect(
      GlobalWriteRoot()[\.anyClient] as? WrittenClient == WrittenClient(a: 8, inner: .init(x: 50)))
  }

  @Test func aProcessWideSetterReadsTheValuesItReplaces() {
    let environment = GlobalWriteRoot()
    environment.with(\.primary, "one").with(\.primaryKeepingBackup, "two")
    environment.with(\.addedToTotal, 5).with(\.levelCountingChanges, 3)
    #expect(GlobalWriteRoot()[\.backup] == "one")
    #expect(GlobalWriteRoot()[\.total] == 105)
    #expect(GlobalWriteRoot()[\.changes] == 1)
  }

  @Test func aSetterInsideAScopeReadsTheValueItReplaces() {
    withDependencies {
      $0.primary = "one"
    } operation: {
      GlobalWriteRoot().with(\.primaryKeepingBackup, "two")
      #expect(GlobalWriteRoot()[\.backup] == "one")
      #expect(GlobalWriteRoot()[\.primary] == "two")
    }
  }
}

struct GlobalWriteRoot: GlobalEnvironment {}
