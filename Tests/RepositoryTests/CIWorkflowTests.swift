import Foundation
import Testing

/// `.github/workflows/ci.yml` cannot run here; these tests keep it the same as `.ci/run`, which
/// does: the Linux job runs every step of `.ci/run`, in order, with the same commands, and the
/// macOS job runs some of them, unchanged.
@Suite("CI workflow")
struct CIWorkflowTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theLinuxJobRunsTheStepsOfCIRunInOrder() throws {
    let script = CIStep.steps(ofScript: try Self.text(".ci/run"))
    let workflow = CIStep.steps(
      ofJob: "linux", inWorkflow: try Self.text(".github/workflows/ci.yml"))
    #expect(!script.isEmpty)
    #expect(workflow.filter { !$0.isSetup }.map(\.title) == script.map(\.title))
    for step in script {
      let mirrored = workflow.first { $0.title == step.title }
      #expect(mirrored?.commands == step.commands, "step \"\(step.title)\"")
    }
  }

  @Test func theMacOSJobRunsStepsOfCIRunUnchanged() throws {
    let script = CIStep.steps(ofScript: try Self.text(".ci/run"))
    let workflow = CIStep.steps(
      ofJob: "macos", inWorkflow: try Self.text(".github/workflows/ci.yml"))
    #expect(!workflow.isEmpty)
    for step in workflow {
      let original = script.first { $0.title == step.title }
      #expect(original != nil, "step \"\(step.title)\" is not a step of .ci/run")
      #expect(original?.commands == step.commands, "step \"\(step.title)\"")
    }
  }

  /// `swift test` leaves soak-sized tests out (`.soakSized`, in TestSupport): a step of CI runs
  /// them, by the suites' names (`--filter SoakTests`), so that none is skipped everywhere.
  @Test func aStepRunsTheSoakSizedTests() throws {
    let script = CIStep.steps(ofScript: try Self.text(".ci/run"))
    let command = "SWIFT_COMPOSABLE_ENV_SOAK=1 swift test --skip-build --filter SoakTests"
    #expect(script.contains { $0.commands.contains(command) })
  }

  /// The rule that step relies on: a soak-sized test is in a file named `…SoakTests.swift`, and
  /// every test in such a file is soak-sized (so that the step runs nothing else).
  @Test func soakSizedTestsHaveFilesOfTheirOwn() throws {
    let files = try FileManager.default.subpathsOfDirectory(
      atPath: Self.root.appendingPathComponent("Tests").path
    ).filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Support/") && !$0.hasPrefix("Repository") }
    var soakFiles = 0
    for file in files {
      let lines = try Self.text("Tests/" + file).split(separator: "\n")
      let tests = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@Test") }
      let soakSized = tests.filter { $0.contains(".soakSized") }
      if file.hasSuffix("SoakTests.swift") {
        soakFiles += 1
        #expect(!tests.isEmpty && soakSized.count == tests.count, "\(file)")
      } else {
        #expect(soakSized.isEmpty, "\(file) has a soak-sized test: move it to a …SoakTests.swift")
      }
    }
    #expect(soakFiles > 0)
  }

  @Test func theWorkflowIndentsWithSpacesOnly() throws {
    #expect(!(try Self.text(".github/workflows/ci.yml")).contains("\t"))
  }
}

/// One step of CI: its title and its command lines (comments and blank lines left out).
struct CIStep: Equatable {
  let title: String
  var commands: [String] = []

  /// A workflow step that prepares the runner, with no counterpart in `.ci/run`.
  var isSetup: Bool { title.hasPrefix("setup: ") }

  /// The steps of `.ci/run`: each `echo "== title"` and the lines up to the next one.
  static func steps(ofScript script: String) -> [CIStep] {
    var steps: [CIStep] = []
    for line in script.split(separator: "\n").map(trimmed) {
      if line.hasPrefix("echo \"== "), line.hasSuffix("\"") {
        steps.append(CIStep(title: String(line.dropFirst("echo \"== ".count).dropLast())))
      } else if !steps.isEmpty, !line.isEmpty, !line.hasPrefix("#") {
        steps[steps.count - 1].commands.append(line)
      }
    }
    return steps
  }

  /// The steps of `job` in a workflow that names every step with a double-quoted `name:` and
  /// gives its commands as `run: command` or as a `run: |` block.
  static func steps(ofJob job: String, inWorkflow workflow: String) -> [CIStep] {
    let lines = workflow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: "  \(job):") else { return [] }
    var steps: [CIStep] = []
    var inBlock = false
    for line in lines[(start + 1)...] {
      if line.hasPrefix("  "), !line.hasPrefix("   "),
        !line.trimmingCharacters(in: .whitespaces).isEmpty
      {
        break  // the next job
      }
      let content = trimmed(Substring(line))
      if inBlock, line.hasPrefix("          ") {
        if !content.isEmpty, !content.hasPrefix("#") {
          steps[steps.count - 1].commands.append(content)
        }
        continue
      }
      inBlock = false
      if content.hasPrefix("- name: \""), content.hasSuffix("\"") {
        steps.append(CIStep(title: String(content.dropFirst("- name: \"".count).dropLast())))
      } else if content == "run: |", !steps.isEmpty {
        inBlock = true
      } else if content.hasPrefix("run: "), !steps.isEmpty {
        steps[steps.count - 1].commands.append(String(content.dropFirst("run: ".count)))
      }
    }
    return steps
  }

  private static func trimmed(_ line: Substring) -> String {
    line.trimmingCharacters(in: .whitespaces)
  }
}
