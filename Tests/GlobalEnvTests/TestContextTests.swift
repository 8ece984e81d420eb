import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

// Keys of these tests only, so that no other test's reads interfere.
extension DependencyKeys {
  fileprivate enum Unset: DependencyKey {
    static var defaultValue: String { "live" }
  }

  fileprivate enum Tested: DependencyKey {
    static var defaultValue: String { "live" }
    static var testValue: String { "test" }
  }

  fileprivate enum Session: DependencyKey {
    static var defaultValue: SessionBox { SessionBox() }
    static var testValue: SessionBox { SessionBox() }
  }
}

/// A test value whose release a test can see.
final class SessionBox: Sendable {}

extension Dependencies {
  fileprivate var globalContextUnset: String {
    get { self[DependencyKeys.Unset.self] }
    set { self[DependencyKeys.Unset.self] = newValue }
  }

  fileprivate var globalContextTested: String {
    get { self[DependencyKeys.Tested.self] }
    set { self[DependencyKeys.Tested.self] = newValue }
  }

  fileprivate var globalContextSession: SessionBox {
    get { self[DependencyKeys.Session.self] }
    set { self[DependencyKeys.Session.self] = newValue }
  }
}

private struct ContextReader: GlobalDependenciesAccessing {}

@Suite struct GlobalTestContextTests {
  @Test(.dependencyTestContext) func aMissingTestValueIsReportedAtTheLineThatReadsIt() {
    var line = 0
    let locations = recordedIssueLocations {
      line = #line + 1
      _ = ContextReader()[\.globalContextUnset]
    }
    #expect(locations.count == 1)
    #expect(locations.first??.fileName == "TestContextTests.swift")
    #expect(locations.first??.line == line)
  }

  @Test(.dependencyTestContext) func readingAnUnsetDependencyWithoutTestValueFailsNamingIt() {
    var value = ""
    let messages = recordedIssues { value = ContextReader().globalContextUnset }
    #expect(value == "live")
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(
      message.contains(nameOfRead("\\Dependencies.globalContextUnset", key: "DependencyKeys.Unset"))
    )
    #expect(message.contains("from process-wide values → test context,"))
    #expect(message.contains("@Test(.dependencies { $0.globalContextUnset = … })"))
    #expect(message.contains("static var testValue: String"))
  }

  @Test func aTestValueStaysInItsContext() {
    #expect(withDependencyTestContext { ContextReader().globalContextTested } == "test")
    #expect(withDependencyContext(.live) { ContextReader().globalContextTested } == "live")
    #expect(withDependencyTestContext { ContextReader().globalContextTested } == "test")
  }

  @Test(.dependencyTestContext, .dependencies { $0.globalContextUnset = "set" })
  func aScopedOverrideWinsInsideTheContext() {
    #expect(ContextReader().globalContextUnset == "set")
  }

  @Test(.dependencies { $0.globalContextUnset = "set" }, .dependencyTestContext)
  func aScopedOverrideAroundTheContextWinsToo() {
    #expect(ContextReader().globalContextUnset == "set")
  }

  @Test(.dependencyTestContext) func aWriteInsideTheContextStaysInIt() {
    ContextReader().with(\.globalContextUnset, "written")
    #expect(ContextReader().globalContextUnset == "written")
  }

  @Test(.dependencyTestContext) func aMissingTestValueIsReportedOncePerTestAndKey() {
    let messages = recordedIssues {
      _ = ContextReader().globalContextUnset
      Dependencies.withValues { _ in
      } operation: {
        _ = ContextReader().globalContextUnset
      }
    }
    #expect(messages.count == 1)
  }

  @Test func parallelContextsEachReport() async {
    let messages = await recordedIssuesAsync {
      await withTaskGroup(of: String.self) { group in
        for _ in 0..<4 {
          group.addTask {
            withDependencyTestContext { ContextReader().globalContextUnset }
          }
        }
        for await value in group { #expect(value == "live") }
      }
    }
    #expect(messages.count == 4)
  }

  @Test func anAsynchronousContextIsAScopeOfItsOwn() async {
    let value = await withDependencyTestContext { () async -> String in
      await Task.yield()
      ContextReader().with(\.globalContextTested, "written")
      return ContextReader().globalContextTested
    }
    #expect(value == "written")
    #expect(withDependencyContext(.live) { ContextReader().globalContextTested } == "live")
  }

  @Test func aContextsTestValuesAreReleasedWhenItEnds() {
    weak var released: SessionBox?
    withDependencyTestContext {
      let session = ContextReader().globalContextSession
      #expect(ContextReader().globalContextSession === session)
      released = session
    }
    #expect(becomesTrue { released == nil })
  }

  @Test(.dependencyTestContext) func anUnimplementedEndpointFailsNamingItself() {
    let ping: @Sendable (Int) -> Void = unimplemented("Server.ping")
    let messages = recordedIssues { ping(3) }
    #expect(
      messages == [
        """
        Unimplemented: Server.ping was called with (3). The dependency's value in this test leaves \
        this endpoint unimplemented: set the endpoint for this test (for example \
        `client.ping = { … }`), or use a value that implements it.
        """
      ])
  }
}
