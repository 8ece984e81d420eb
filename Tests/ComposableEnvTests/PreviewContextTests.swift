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
  /// Reads without any context. In this process (no variable) values are live; in the child
  /// processes that the next tests start, they are the preview values.
  @Test func readsWithoutAnyTaskContext() {
    let environment = ProcessInfo.processInfo.environment
    let isPreview =
      environment["SWIFT_COMPOSABLE_ENV_CONTEXT"] == "preview"
      || environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1"
    #expect(PreviewRoot().headlines.titles == [isPreview ? "preview" : "live"])
    // No preview value: the default, not the test value, and nothing is reported.
    #expect(PreviewRoot().region.code == "live")
  }

  @Test(.enabled(if: ProcessWideTestContextTests.canRunThisBinaryAgain))
  func theContextVariableSelectsPreviewValues() throws {
    try Self.expectChildPasses(with: ["SWIFT_COMPOSABLE_ENV_CONTEXT": "preview"])
  }

  @Test(.enabled(if: ProcessWideTestContextTests.canRunThisBinaryAgain))
  func anXcodePreviewSelectsPreviewValues() throws {
    try Self.expectChildPasses(with: ["XCODE_RUNNING_FOR_PREVIEWS": "1"])
  }

  /// Runs `readsWithoutAnyTaskContext` in a child process with `variables` set.
  private static func expectChildPasses(with variables: [String: String]) throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = [
      "--testing-library", "swift-testing", "--filter",
      "PreviewContextTests/readsWithoutAnyTaskContext",
    ]
    let profile = FileManager.default.temporaryDirectory
      .appendingPathComponent("preview-context-%p.profraw").path
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_COMPOSABLE_ENV_CONTEXT"] = nil
    environment["XCODE_RUNNING_FOR_PREVIEWS"] = nil
    child.environment = environment.merging(
      variables.merging(["LLVM_PROFILE_FILE": profile]) { $1 }
    ) { $1 }
    let output = Pipe()
    child.standardOutput = output
    child.standardError = output
    try child.run()
    let text = Shared("")
    let finished = finishes(within: 300) {
      let data = output.fileHandleForReading.readDataToEndOfFile()
      text.value = String(decoding: data, as: UTF8.self)
      child.waitUntilExit()
    }
    if !finished { child.terminate() }
    #expect(finished, "the child test process did not finish")
    #expect(child.terminationStatus == 0, "\(text.value)")
    #expect(text.value.contains("1 test"), "\(text.value)")
  }
}
