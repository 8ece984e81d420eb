import Foundation
import Testing

/// Every Swift snippet of Migration.md must be compiled by a snippet target: its lines must appear,
/// in order, in one source file of `Tests/Snippets*` (files may add lines around and between them,
/// such as a wrapping function, and declare what the guide assumes), or of `Examples/SideBySide`
/// for the snippets that import pointfreeco's Dependencies too (CI builds that package).
/// README.md's snippets and the DocC articles' compile as written, each README snippet and each
/// article as a module of a new package: `Scripts/check-readme` builds them (CI runs it).
@Suite("Documentation snippets")
struct SnippetsAreCompiledTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The documents whose snippets are compiled through copies: the migration guide, whose
  /// snippets show code from an existing app.
  static let documents = ["Migration.md"]

  @Test(arguments: documents)
  func everySwiftSnippetIsCompiled(document: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
    let snippets = Self.swiftBlocks(in: text)
    let sources = try Self.snippetSources()
    for snippet in snippets {
      let found = sources.contains { Self.lines(of: snippet, appearInOrderIn: $0) }
      #expect(found, "Not compiled by any Tests/Snippets* file:\n\(snippet)")
    }
  }

  /// The contents of the ```swift blocks of a Markdown text.
  static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  static func snippetSources() throws -> [String] {
    let tests = root.appendingPathComponent("Tests")
    let sideBySide = root.appendingPathComponent("Examples/SideBySide")
    let folders =
      try FileManager.default.contentsOfDirectory(atPath: tests.path)
      .filter { $0.hasPrefix("Snippets") }
      .map { tests.appendingPathComponent($0) }
      + ["Sources/SideBySide", "Tests/SideBySideTests"].map {
        sideBySide.appendingPathComponent($0)
      }
    return try folders.flatMap { directory in
      try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".swift") }
        .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
    }
  }

  /// Whether the non-blank lines of `snippet` appear in `source` in order, ignoring indentation.
  static func lines(of snippet: String, appearInOrderIn source: String) -> Bool {
    let wanted = trimmedLines(snippet)
    var remaining = trimmedLines(source)[...]
    for line in wanted {
      guard let index = remaining.firstIndex(of: line) else { return false }
      remaining = remaining[(index + 1)...]
    }
    return true
  }

  static func trimmedLines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty
    }
  }
}
