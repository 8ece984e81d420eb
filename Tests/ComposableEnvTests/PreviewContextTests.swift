import ComposableEnv
import Foundation
import TestSupport
import Testing

/// A client that is its own key, with canned data for previews.
private struct Headlines: DependencyKey, Sendable {
  var titles: [String]
  static var defaultValue: Headlines { Headlines(titles: ["live"]) }
  static var previewValue: Headlines { Headlines(titles: ["preview"]) }
}

/// A key without a preview value.
private struct Region: DependencyKey, Sendable {
  var code: String
  static var defaultValue: Region { Region(code: "live") }
  static var testValue: Region { Region(code: "test") }
}

private final class PreviewRoot: ComposableEnvironment {
  @Dependency(Headlines.self) var headlines
  @Dependency(Region.self) var region
}

/// A preview context (Xcode's `XCODE_RUNNING_FOR_PREVIEWS=1`, or
/// `SWIFT_COMPOSABLE_ENV_CONTEXT=preview`) makes every environment read preview values: checked in
/// a child process running one test with the variable set.
@Suite struct PreviewContextTests {
  /// Whether this process is one of the child processes the next tests start.
  static var isPreview: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["SWIFT_COMPOSABLE_ENV_CONTEXT"] == "preview"
      || environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1"
  }

  /// Reads without any context, in the child processes that the next tests start (this process,
  /// which runs tests, is strict): the values are the preview values.
  @Test(.enabled(if: isPreview)) func readsWithoutAnyTaskContext() {
    #expect(PreviewRoot().headlines.titles == ["preview"])
    // No preview value: the default, not the test value, and nothing is reported.
    #expect(PreviewRoot().region.code == "live")
  }

  @Test(.enabled(if: ChildTestRun.isSupported))
  func theContextVariableSelectsPreviewValues() async throws {
    try await Self.expectChildPasses(with: ["SWIFT_COMPOSABLE_ENV_CONTEXT": "preview"])
  }

  @Test(.enabled(if: ChildTestRun.isSupported))
  func anXcodePreviewSelectsPreviewValues() async throws {
    try await Self.expectChildPasses(with: ["XCODE_RUNNING_FOR_PREVIEWS": "1"])
  }

  /// Runs `readsWithoutAnyTaskContext` in a child process with `variables` set (and neither
  /// variable inherited).
  private static func expectChildPasses(with variables: [String: String]) async throws {
    let run = try await ChildTestRun(
      filter: "PreviewContextTests/readsWithoutAnyTaskContext", variables: variables,
      removing: ["SWIFT_COMPOSABLE_ENV_CONTEXT", "XCODE_RUNNING_FOR_PREVIEWS"])
    #expect(run.finished, "the child test process did not finish")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("1 test"), "\(run.output)")
  }
}
