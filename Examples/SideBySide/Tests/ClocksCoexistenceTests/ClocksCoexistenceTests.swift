import GlobalEnv
import class Clocks.ImmediateClock
import class Clocks.TestClock
import Testing

/// A file that imports GlobalEnv beside swift-clocks, as Migration.md (section 1, "What
/// `import Dependencies` re-exports") says to: both modules declare `TestClock` and
/// `ImmediateClock`, so a file that imports all of `Clocks` finds two of each; importing the
/// ones it means by name (`import class Clocks.TestClock`) makes the unqualified names
/// swift-clocks' again.
@Suite struct ClocksCoexistenceTests {
  @Test func aTestClockImportedByNameIsSwiftClocks() {
    let clock = TestClock()
    #expect(type(of: clock) == Clocks.TestClock<Duration>.self)
  }

  @Test func swiftClocksTestClockDrivesCodeThatSleeps() async throws {
    let clock = TestClock()
    let woke = Task {
      try await clock.sleep(for: .seconds(5))
      return true
    }
    await clock.advance(by: .seconds(5))
    #expect(try await woke.value)
  }

  @Test func anImmediateClockImportedByNameIsSwiftClocks() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    #expect(type(of: clock) == Clocks.ImmediateClock<Duration>.self)
  }

  @Test func globalEnvsClocksStayReachableByModuleName() {
    #expect(type(of: GlobalEnv.TestClock()) != Clocks.TestClock<Duration>.self)
  }
}
