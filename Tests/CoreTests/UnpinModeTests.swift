import DependencyValues
import Foundation
import TestSupport
import Testing
import _EnvironmentAtomics

@testable import _EnvironmentCore

/// Whether this process was started with unpins kept as exchanges
/// (`SWIFT_COMPOSABLE_ENV_FENCED_UNPINS=1`), by `UnpinModeTests`.
private let unpinsAreFencedByTheEnvironment =
  ProcessInfo.processInfo.environment["SWIFT_COMPOSABLE_ENV_FENCED_UNPINS"] == "1"

/// The reader's unpin is a release store where the process can flush other threads' stores
/// (Linux's `membarrier`), an exchange elsewhere: the suites that race writes against readers run
/// in both modes.
@Suite("Unpin modes")
struct UnpinModeTests {
  /// In a process started with the variable, unpins are exchanges, and a flush does nothing.
  @Test(.enabled(if: unpinsAreFencedByTheEnvironment))
  func theEnvironmentVariableKeepsUnpinsExchanges() {
    Reclamation.flushUnpins()
    #expect(environment_unpins_are_fences())
  }

  #if os(Linux)
    /// On Linux the setup that the first pin starts registers the process for `membarrier`, and
    /// unpins become release stores: the mode the racing suites and the benchmarks run in.
    @Test(.enabled(if: !unpinsAreFencedByTheEnvironment))
    func onLinuxUnpinsBecomeReleaseStores() {
      _ = Node.makeRoot(environmentType: UnpinModeTests.self, testContext: nil)
        .read(\.unpinModeNumber)
      let registered = becomesTrue(within: 10) { !environment_unpins_are_fences() }
      #expect(
        registered,
        """
        membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) is unavailable here: cached reads end with \
        an exchange, which Performance.md's figures do not assume
        """)
    }
  #endif

  /// The racing and re-entrant release suites (values released on time, no use after free, no
  /// freeze) pass with unpins that are exchanges, in a child process.
  @Test(.enabled(if: ChildTestRun.isSupported && !unpinsAreFencedByTheEnvironment))
  func racingWritesAgainstReadersHoldWithUnpinsThatAreExchanges() throws {
    let run = try ChildTestRun(
      filter: "UnpinModeTests|RacingWriteTests|ReentrantReleaseTests",
      variables: ["SWIFT_COMPOSABLE_ENV_FENCED_UNPINS": "1"], within: 600)
    #expect(run.finished && run.status == 0, "\(run.output)")
    #expect(
      run.output.contains("theEnvironmentVariableKeepsUnpinsExchanges() passed"), "\(run.output)")
    #expect(run.output.contains("Suite \"Racing writes against readers\" passed"), "\(run.output)")
  }
}

private enum UnpinModeNumber: LiveInTests { static var defaultValue: Int { 0 } }

extension Dependencies {
  fileprivate var unpinModeNumber: Int { self[UnpinModeNumber.self] }
}
