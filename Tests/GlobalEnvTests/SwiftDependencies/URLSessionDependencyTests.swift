import Foundation
import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The built-in exists with the package's `URLSession` trait (on by default).
#if URLSession

  private struct SessionReader: GlobalDependenciesAccessing {}

  /// The built-in `urlSession`: the shared session live; in a test, a session whose requests fail
  /// the test without reaching the network.
  @Suite(.timeLimit(.minutes(10))) struct URLSessionDependencyTests {
    @Test(.dependencyContext(.live)) func liveItIsTheSharedSession() {
      #expect(SessionReader().urlSession === URLSession.shared)
    }

    @Test func inATestItIsNotTheSharedSession() {
      let session = withDependencyTestContext { SessionReader().urlSession }
      #expect(session !== URLSession.shared)
    }

    @Test func inATestARequestFailsTheTestAndTheRequest() async {
      let session = withDependencyTestContext { SessionReader().urlSession }
      let request = URLRequest(url: URL(string: "https://example.invalid/todos")!)
      let messages = await recordedIssuesAsync {
        await #expect(throws: (any Error).self) { _ = try await session.data(for: request) }
      }
      #expect(messages.contains { $0.contains("Unimplemented: \\Dependencies.urlSession") })
    }

    @Test func aScopeSetsTheSession() {
      let own = URLSession(configuration: .ephemeral)
      let session = Dependencies.withValues {
        $0.urlSession = own
      } operation: {
        SessionReader().urlSession
      }
      #expect(session === own)
    }
  }
#endif
